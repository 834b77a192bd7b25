# source: https://github.com/pytorch/pytorch/issues/197085
# framework: PyTorch
# `random.shuffle` inside a compiled function: eagerly each call draws a new permutation from
# Python's global RNG; the report's compiled function returned the permutation drawn while
# tracing on every call (torch 2.14). On torch 2.13 the shuffle breaks the graph and runs in
# Python on each call: the four permutations are eager's. Fine here.
# label: none
# verify: close(c.outs, e.outs)
import random

import torch


def fn(x):
    order = list(range(6))
    random.shuffle(order)
    return x + torch.tensor(order)


cfn = torch.compile(fn)
random.seed(0)
outs = [cfn(torch.zeros(6)) for _ in range(4)]
print(outs)
