# source: https://github.com/pytorch/pytorch/issues/12579
# framework: PyTorch
# `a, b, c = x.size()` then `torch.arange(c)` under `torch.jit.trace`: in 2018 the size was
# recorded as a constant (`prim::Constant[value=5]`), so the traced function returned 5 numbers
# for any input. On torch 2.13 the size is traced as `aten::size` for both `arange` and
# `empty`: a traced call with a longer last dimension returns the longer result. Fine today.
# The report's code, each traced function called on another shape.
# label: none
# verify: c.n_arange == 7 and c.n_empty == 7
import torch


def foo(x):
    a, b, c = x.size()
    return torch.arange(c)


traced = torch.jit.trace(foo, (torch.rand(3, 4, 5),), check_trace=False)
print(traced.graph)


def foo(x):
    a, b, c = x.size()
    return torch.empty(c)


traced_empty = torch.jit.trace(foo, (torch.rand(3, 4, 5),), check_trace=False)
print(traced_empty.graph)
n_arange = traced(torch.rand(3, 4, 7)).shape[0]
n_empty = traced_empty(torch.rand(3, 4, 7)).shape[0]
