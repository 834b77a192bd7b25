# source: https://github.com/pytorch/pytorch/issues/135432
# framework: PyTorch
# `foo` builds `torch.Tensor(x)` from a Python list of ints; on the second call Dynamo made the
# ints symbolic and the constructor stored them as raw bits, so `foo([3, 4])` returned garbage
# (torch 2.5; the report's pull request #135433 fixed the constructor). The results are compared
# with the eager twin's: torch 2.13 returns the right values (two graphs). Fine today.
# label: none
# verify: close(c.first, e.first) and close(c.second, e.second)
import torch


@torch.compile
def foo(x):
    return torch.Tensor(x)


first = foo([1, 2])
second = foo([3, 4])
print(first)
print(second)
