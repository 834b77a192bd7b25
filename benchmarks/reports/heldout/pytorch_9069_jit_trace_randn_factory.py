# source: https://github.com/pytorch/pytorch/issues/9069
# framework: PyTorch
# "[jit] cannot trace tensor factory methods": tracing `fn(x) = torch.randn(3,3) + x` recorded the
# random tensor as a `prim::Constant`, so every call of the trace added the same numbers
# (PyTorch 0.4). Factory and random ops are now traced as ops (`aten::randn`), so the traced
# function draws anew on every call. Fine. The reporter's function under torch.jit.trace.
# label: none
# verify: c.distinct == 3 and "aten::randn" in c.graph
import torch


def fn(x):
    return torch.randn(3, 3) + x


traced = torch.jit.trace(fn, torch.ones(1))
graph = str(traced.graph)
outs = [traced(torch.ones(1)) for _ in range(3)]
distinct = len({tuple(o.flatten().tolist()) for o in outs})
