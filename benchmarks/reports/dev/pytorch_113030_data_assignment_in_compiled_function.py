# source: https://github.com/pytorch/pytorch/issues/113030
# framework: PyTorch
# label: none
# "Mismatching behaviour of tensor assignment `a.data = b` between torch.compile and eager
# execution": `func(x, y)` sets `x.data = y` and then `y.data = torch.zeros(0)`. Eager, `x` keeps
# `y`'s old values (the second assignment only rebinds `y`'s data); since torch 2.1 the compiled
# function left `x` empty too, "as if tensorA = tensorB.view(-1)". The user's code, each run on
# fresh copies of the same two tensors. On torch 2.13 the compiled function leaves `x` with `y`'s
# old values, as eager does: fixed, fine today.
# verify: close(c.a_after, e.a_after) and close(c.b_after, e.b_after)
import torch

torch.manual_seed(0)
a = torch.rand([6])
b = torch.rand([6])


def func(x, y):
    x.data = y
    y.data = torch.zeros(0)
    return x


f_compiled = torch.compile(func)
f_compiled(a, b)
a_after, b_after = a.clone(), b.clone()
print(a_after, b_after)
