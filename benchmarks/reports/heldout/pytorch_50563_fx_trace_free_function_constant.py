# source: https://github.com/pytorch/pytorch/issues/50563
# framework: PyTorch
# "[FX] Tracing function with constant breaks": `some_constant = torch.rand(3, 4); def
# add_const(x): return some_constant + x; torch.fx.symbolic_trace(add_const)` raised
# AttributeError '_tensor_constant0' for free functions (Modules worked). FX now copies the
# captured tensor into the GraphModule, and the traced function gives the same result. Fine. The
# reporter's code.
# label: none
# verify: c.error is None and close(c.res, e.res)
import torch
import torch.fx

torch.manual_seed(0)
some_constant = torch.rand(3, 4)


def add_const(x):
    return some_constant + x


error = None
res = None
try:
    traced = torch.fx.symbolic_trace(add_const)
    print(traced.graph)
    res = traced(torch.ones(3, 4))
except Exception as exc:
    error = type(exc).__name__
