# source: https://github.com/Lightning-AI/lightning-thunder/issues/2682
# framework: PyTorch
# `torch.compile(foo, dynamic=False)` called with the loop counter: every new int is a new
# guard value, so it recompiles on each pass until the recompile limit (8). (The thunder half
# of the report is left out.)
# verify: c.torch['foo'] >= 8
import torch


def foo(x, y):
    return x + y


tcfoo = torch.compile(foo, dynamic=False)

x = torch.randn(10)

for i in range(10):
    tcfoo(x, i)  # label: ACC5
