# source: https://github.com/pytorch/pytorch/issues/94773
# framework: PyTorch
# "`torch.compile` doesn't consider the alias tensor created by `tensor[:]`": `func(x)` takes
# `xz = x[:]`, then swaps `x`'s storage with `x.set_(...)` and returns `xz`; the eager and
# compiled results were compared on the same `x`, which the eager call had already mutated. The
# issue was closed as a mistake in the example. Run on torch 2.13 with a fresh copy of `x` for
# each: the compiled result equals eager. Fine.
# label: none
# verify: close(c.test, c.ref)
import torch


def func(x):
    xz = x[:]
    tmp = torch.ones(3, 4)
    x.set_(tmp.untyped_storage())
    return xz


torch.manual_seed(0)
x = torch.randn(2, 3)
ref = func(x.clone())
test = torch.compile(func, backend="eager")(x.clone())
print(ref.shape, test.shape)
