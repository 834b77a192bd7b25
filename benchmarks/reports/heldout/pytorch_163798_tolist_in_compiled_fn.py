# source: https://github.com/pytorch/pytorch/issues/163798
# framework: PyTorch
# `a.tolist()` in a compiled function is captured as `item()` calls in the graph without
# `capture_scalar_outputs`, while `a.item()` in `func2` breaks the graph: a report about graph
# capture, not about results. Both functions give the eager results. The report's code.
# label: none
# verify: close(c.r1, e.r1) and close(c.r2, e.r2)
import torch


@torch.compile(fullgraph=False, backend="eager")
def func(a):
    u0, u1 = a.tolist()
    return a*u0*u1


@torch.compile(fullgraph=False, backend="eager")
def func2(a):
    u0 = a.item()
    return a*u0


r1 = func(torch.tensor([1, 2]))
r2 = func2(torch.tensor([1]))
print(r1, r2)
