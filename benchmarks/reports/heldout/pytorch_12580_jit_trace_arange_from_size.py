# source: https://github.com/pytorch/pytorch/issues/12580
# framework: PyTorch
# label: none
# "[JIT] torch.arange is basically untraceable": `foo` takes `dim = x.size(1)` and returns
# `torch.arange(0, dim)`; the traced graph hard-codes the arange's end (`prim::Constant[value=4]`),
# because "we only record traces in C++ and at that point the arguments to arange are simply
# int64_t". Kept as the reporter's function (the tracer-state print left out), traced on a (3, 4)
# input and called on a (3, 6) one. On torch 2.13 the trace records `aten::size` and the arange
# follows the new width (6 values): fine today.
# verify: c.traced_len == 6
import torch


def foo(x):
    dim = x.size(1)
    return torch.arange(0, dim)


traced = torch.jit.trace(foo, (torch.rand(3, 4),), check_trace=False)
traced_len = len(traced(torch.rand(3, 6)))
print(traced.graph, traced_len)
