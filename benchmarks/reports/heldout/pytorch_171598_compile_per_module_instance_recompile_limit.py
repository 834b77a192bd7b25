# source: https://github.com/pytorch/pytorch/pull/171598
# framework: PyTorch
# "Fix torch.compile recompile_limit hit for many nn.Module instances with module-attribute
# guards (fixes #171593)": each `torch.compile(Module(key))` adds a cache entry for the same
# `forward` code object, guarded on `self.key`, and the entries of all instances count against
# one recompile limit; past it Dynamo falls back to eager. (The pull request was closed.) Run on
# torch 2.13 with 12 instances built and compiled in a loop: 8 graphs, the limit, then the rest
# run uncompiled.
# verify: c.torch['forward'] >= 8
import torch
import torch.nn as nn


class Module(nn.Module):
    def __init__(self, key):
        super().__init__()
        self.key = key
        self.linear = nn.Linear(2, 2)

    def forward(self, x):
        return self.linear(x) * self.key


outputs = []
for key in range(12):
    model = torch.compile(Module(key))  # label[g]: ACC5
    outputs.append(model(torch.ones(1, 2)).sum().item())  # label[g]
print(len(outputs))
