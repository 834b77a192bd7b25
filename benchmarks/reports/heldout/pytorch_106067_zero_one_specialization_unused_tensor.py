# source: https://github.com/pytorch/pytorch/issues/106067
# framework: PyTorch
# "This recompiles but it shouldn't": `x` is never used, yet going from a size-0 to a size-2 `x`
# fails the 0/1 specialization guard and compiles again. Two calls, two graphs at most: bounded,
# a fine look-alike. The report's code.
# label: none
# verify: 1 <= sum(c.torch.values()) <= 2 and close(c.r2, e.r2)
import torch


torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x, y):
    return y + 2


r1 = f(torch.randn(0), torch.randn(2))
r2 = f(torch.randn(2), torch.randn(2))
