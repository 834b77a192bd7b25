# source: https://github.com/pytorch/functorch/issues/1133
# framework: PyTorch
# "workaround for using vmap when .item() is being used internally": `def func(x): for i in
# torch.arange(x): pass` vmapped over `torch.tensor([3, 3])`: "vmap: It looks like you're
# calling .item() on a Tensor". `torch.arange` needs a Python number for its end; under vmap `x`
# is a batched tensor. The reporter's code; one element works.
# verify: c.error is not None
import torch


def func(x):
    for i in torch.arange(x):  # label: ACC3
        pass
    return None


func(torch.tensor(3))
y = torch.tensor([3, 3])
error = None
try:
    torch.vmap(func)(y)
except Exception as exc:
    error = type(exc).__name__
print(error)
