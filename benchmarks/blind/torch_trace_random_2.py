# source: blind55:torch_trace_random_2
# framework: PyTorch
# Stochastic depth with Python's random in a block that is later traced for deployment: the coin
# flipped at trace time decides for every later call.
# verify: len({round(float(o.sum()), 4) for o in c.outs}) == 1 and len({round(float(o.sum()), 4) for o in c.eager_outs}) > 1
import random

import torch
from torch import nn


class DropPathBlock(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.p = p
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        if self.training and random.random() < self.p:  # label: ACC1
            return x
        return x + self.fc(x)


random.seed(3)
torch.manual_seed(0)
block = DropPathBlock(0.5)
x = torch.ones(1, 4)
traced = torch.jit.trace(block, x, check_trace=False)
outs = [traced(x) for _ in range(10)]
eager_outs = [block(x) for _ in range(10)]
