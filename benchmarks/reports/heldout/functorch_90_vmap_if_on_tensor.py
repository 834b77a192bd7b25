# source: https://github.com/pytorch/functorch/issues/90
# framework: PyTorch
# "Use vmap on functions with if-statements": `vmap(test)(torch.randn(2))` with `def test(th):
# if th > 0: return 1/th else: return th`: "Batching rule not implemented for aten::is_nonzero"
# (today: "data-dependent control flow" is not supported). Under vmap each `th` is a batched
# tensor, so the Python `if` needs one bool for all of them. The reporter's code with
# torch.func.vmap (functorch's vmap moved there); one element works.
# verify: c.error is not None and c.single is not None
import torch
from torch.func import vmap


def test(th):
    if th > 0:  # label: ACC2
        return 1 / th
    else:
        return th


single = test(torch.tensor(0.5))
error = None
try:
    vmap(test)(torch.randn(2))
except Exception as exc:
    error = type(exc).__name__
print(error)
