# source: https://pytorch.org/docs/stable/generated/torch.jit.trace.html
# framework: PyTorch
# property: (as t1) a loop count from an input's size is the example's.
# spelling: a function traced at module level loops range(x.size(0)).
# family: ACC3 since stop 49 (tfdev49): the trip count is a host conversion of a traced size,
# which ACC302 owns (docs/rules/ACC302.md); ACC207 keeps `for` over a tensor.
# verify: not close(c.got, c.cumulative(c.longer))
import torch


def cumulative(x):
    acc = torch.zeros_like(x[0])
    for i in range(x.size(0)):  # label: ACC3
        acc = acc + x[i]
    return acc


traced = torch.jit.trace(cumulative, torch.ones(3, 2))
longer = torch.ones(6, 2)
got = traced(longer)
