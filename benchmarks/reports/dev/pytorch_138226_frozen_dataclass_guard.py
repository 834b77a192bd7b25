# source: https://github.com/pytorch/pytorch/issues/138226
# framework: PyTorch
# label: none
# "No guards for frozen dataclasses and readonly configs": a compiled function reads `dc.x` of a
# frozen dataclass argument and Dynamo installs an `EQUALS_MATCH` guard on it (the feature
# request is to skip that guard). The guard makes a new value of the frozen field recompile
# rather than reuse the old constant, so results follow eager: fine (two configs, two graphs;
# `fullgraph=True` is left out so that the eager twin, with compilation disabled, can run).
# verify: c.torch["func"] <= 2 and close(c.results, e.results)
from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class MyDC:
    x: int


@torch.compile
def func(dc: MyDC, t):
    return dc.x + t


t = torch.zeros(())
results = [func(MyDC(0), t), func(MyDC(0), t), func(MyDC(3), t), func(MyDC(3), t)]
print(results)
