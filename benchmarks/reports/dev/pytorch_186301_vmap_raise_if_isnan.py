# source: https://github.com/pytorch/pytorch/issues/186301
# framework: PyTorch
# "DX: Incorrect Error Log For `vmap` Data Dependent Flow": `validate_broken(x)` does `has_nan =
# x.isnan().any(); if has_nan: raise RuntimeError(...)`, called inside `_identity_broken`, which
# is vmapped over a batch; eager calls on one row work, `torch.func.vmap` raises (pointing to the
# old functorch repo). The `if` on a batched tensor is data-dependent control flow. The
# reporter's code.
# verify: c.error is not None and c.eager_ok
import torch


def validate_broken(x: torch.Tensor) -> None:
    has_nan = x.isnan().any()
    if has_nan:  # label: ACC2
        raise RuntimeError("NaN detected in tensor")


def _identity_broken(x: torch.Tensor) -> torch.Tensor:
    validate_broken(x)
    return x * 2


batch = torch.randn(4, 8)
_identity_broken(batch[0])
eager_ok = True
print("Eager calls: OK")
error = None
try:
    torch.func.vmap(_identity_broken)(batch)
except Exception as exc:
    error = type(exc).__name__
print(error)
