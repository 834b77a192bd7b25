# source: https://github.com/pytorch/pytorch/issues/20923
# framework: PyTorch
# Tracing `~x` recorded an `empty([3, 4])` of the example's size (torch 1.1); fixed by #20932.
# Today the trace records `bitwise_not`, and the traced function works on other sizes. Fine.
# label: none
# verify: tuple(c.other.shape) == (5, 2)
import torch

def foo(x):
    return ~x

y = torch.jit.trace(foo, torch.zeros(3,4, dtype=torch.uint8))
print(y.code)
other = y(torch.zeros(5, 2, dtype=torch.uint8))
