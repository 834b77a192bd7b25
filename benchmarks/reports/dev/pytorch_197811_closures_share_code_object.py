# source: https://github.com/pytorch/pytorch/issues/197811
# framework: PyTorch
# Two closures from one factory share a code object and capture different Tensor method
# descriptors (`__add__`, `__mul__`); the report's compiled second closure reused the first's
# graph (9 instead of 18) because the closure cell was not guarded. It reproduces on torch
# 2.13: one graph, and `mul` returns 9; eagerly 18. The compiled closure reads its free
# variable `op`, which differs between the two closures the cache does not tell apart.
# verify: not close(c.r_mul, e.r_mul)
import torch


def make(op):
    def fn(x, y):
        return op(x, y)  # label[a]: ACC6

    return fn


add = make(torch.Tensor.__add__)
mul = make(torch.Tensor.__mul__)  # label[a]

x = torch.tensor(6.0)
y = torch.tensor(3.0)

r_add = torch.compile(add, dynamic=True)(x, y)
r_mul = torch.compile(mul, dynamic=True)(x, y)
print(r_add, r_mul)
