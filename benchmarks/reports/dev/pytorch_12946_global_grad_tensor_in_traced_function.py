# source: https://github.com/pytorch/pytorch/issues/12946
# framework: PyTorch
# `f` reads a global tensor `x` that requires grad; `torch.jit.trace` recorded it as a constant,
# so the traced function's result no longer required grad (the global is a hidden input baked
# into the trace). Since 2021 tracing refuses it: "Cannot insert a Tensor that requires grad as
# a constant". The error is caught to be checked.
# verify: c.error is not None and "constant" in c.error
import torch

x = torch.randn(3, requires_grad=True)


def f(inp):
    return (x + inp).sum()  # label: ACC6


error = None
try:
    tf = torch.jit.trace(f, (torch.randn(1),))
    f(torch.randn(1))
    tf(torch.randn(1))
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
