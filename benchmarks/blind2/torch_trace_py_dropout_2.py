# source: blind56:torch_trace_py_dropout_2
# framework: PyTorch
# A "drop path" block decides with Python's `random.random()` whether to skip its branch, and
# the network is exported with torch.jit.trace. The coin was tossed once while tracing: the
# exported network always takes the same path, where the module itself varies.
# verify: c.n_traced == 1 and c.n_eager > 1
import random

import torch
from torch import nn


class DropPath(nn.Module):
    def __init__(self, p=0.5):
        super().__init__()
        self.p = p

    def forward(self, x, branch_out):
        if random.random() < self.p:  # label: ACC1
            return x
        return x + branch_out


class Block(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.drop = DropPath()

    def forward(self, x):
        return self.drop(x, self.fc(x))


def export(model):
    return torch.jit.trace(model, torch.ones(1, 3), check_trace=False)


random.seed(3)
torch.manual_seed(0)
block = Block()
traced = export(block)
x = torch.ones(1, 3)
with torch.no_grad():
    n_traced = len({tuple(traced(x).flatten().tolist()) for _ in range(8)})
    n_eager = len({tuple(block(x).flatten().tolist()) for _ in range(8)})
