# source: https://github.com/pytorch/functorch/issues/1130
# framework: PyTorch
# "RuntimeError: vmap: It looks like you're calling .item() on a Tensor.": `def foo(a, ind,
# len): ind2 = ind + len; return a[ind:ind2]` vmapped with `in_dims=(0, 0, None)`. A slice needs
# Python ints; under vmap `ind` is a batched tensor, and converting it asks for one value.
# The reporter's code with small inputs (a and c were not shown); eagerly one row works.
# verify: c.error is not None and c.single is not None
import torch


def foo(a, ind, len):
    ind2 = ind + len
    return a[ind:ind2]  # label: ACC3


a = torch.arange(12.0).reshape(3, 4)
c = torch.tensor([0, 1, 2])
single = foo(a[0], c[0], 2)
error = None
try:
    torch.vmap(foo, in_dims=(0, 0, None))(a, c, 2)
except Exception as exc:
    error = type(exc).__name__
print(error)
