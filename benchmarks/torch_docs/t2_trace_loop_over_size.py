# source: https://pytorch.org/docs/stable/generated/torch.jit.trace.html
# framework: PyTorch
# property: (as t1) a loop count from an input's size is the example's.
# spelling: a function traced at module level loops range(x.size(0)).
# verify: not close(c.got, c.cumulative(c.longer))
import torch


def cumulative(x):
    acc = torch.zeros_like(x[0])
    for i in range(x.size(0)):  # label: ACC2
        acc = acc + x[i]
    return acc


traced = torch.jit.trace(cumulative, torch.ones(3, 2))
longer = torch.ones(6, 2)
got = traced(longer)
