# source: https://github.com/pytorch/pytorch/issues/93724
# framework: PyTorch
# A compiled `foo` appends to the global `mylist`; Dynamo guards on the list's length, so each
# call, with one more item, recompiles ("recompiles 3 times with guards on the list length").
# The three calls are a loop of ten here.
# verify: c.torch['foo'] >= 8 and len(c.mylist) == 10
import torch

mylist = []


def foo():
    mylist.append(torch.randn(10) + 1)


compiled_foo = torch.compile(foo, backend="eager", fullgraph=False)

for _ in range(10):
    compiled_foo()  # label: ACC5
