# source: blind57:torch_ema_decay_attr_fine_3
# framework: PyTorch
# label: none
# A compiled momentum-encoder module (MoCo/BYOL style) keeps its momentum as a Python float
# attribute; a cosine schedule in the training loop's callback writes a new value each step,
# and Dynamo makes the float an input after its second value: two graphs, right results.
# verify: c.torch['forward'] <= 2
# verify: close(c.outs, e.outs)
import math

import torch
from torch import nn


class MomentumEncoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.online = nn.Linear(dim, dim)
        self.target = nn.Linear(dim, dim)
        self.momentum = 0.99

    def forward(self, x):
        with torch.no_grad():
            for t, o in zip(self.target.parameters(), self.online.parameters()):
                t.mul_(self.momentum).add_((1 - self.momentum) * o)
        return self.online(x), self.target(x)


class CosineMomentum:
    def __init__(self, base=0.99, total=12):
        self.base, self.total = base, total

    def on_step(self, encoder, step):
        encoder.momentum = 1 - (1 - self.base) * (math.cos(math.pi * step / self.total) + 1) / 2


def run(encoder, compiled, callback, steps=12):
    outs = []
    for step in range(steps):
        callback.on_step(encoder, step)
        online, target = compiled(torch.ones(2, 4))
        outs.append(target.detach())
    return outs


torch.manual_seed(0)
encoder = MomentumEncoder(4)
outs = run(encoder, torch.compile(encoder), CosineMomentum())
