# source: https://github.com/pytorch/pytorch/issues/17583
# framework: PyTorch
# "jit.trace with tensor reference that requires grad": a traced function reads a tensor that is
# not one of its inputs (`param`, requiring grad) from the enclosing scope. The tracer would have
# to record it as a constant of the graph, cutting it off from autograd and from later updates;
# it refused with an internal assert in 2019, and on torch 2.13 with "Cannot insert a Tensor
# that requires grad as a constant. Consider making it a parameter or input". The eager function
# runs and its gradient reaches `param`.
# verify: c.error is not None and "constant" in c.error and c.eager_grad_ok
import torch

param = torch.randn(3).requires_grad_()
x = torch.randn(3)


def f(x):
    return x + param  # label: ACC6


f(x).sum().backward()
eager_grad_ok = param.grad is not None
error = None
try:
    torch.jit.trace(f, x)
except RuntimeError as exc:
    error = str(exc)
print(error, eager_grad_ok)
