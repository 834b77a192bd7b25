# source: blind57:torch_ema_decay_attr_fine_2
# framework: PyTorch
# label: none
# An EMA helper compiles its update method; a warmup schedule object rewrites the Python
# float `ema.decay` before every update. It looks like a guarded attribute (a storm), but
# Dynamo turns the float into an input after its second value: two graphs, right results.
# verify: c.torch['update'] <= 2
# verify: close(c.shadow, e.shadow)
import copy

import torch
from torch import nn


class ModelEMA:
    def __init__(self, model, decay=0.9):
        self.shadow = copy.deepcopy(model)
        self.decay = decay
        self.update = torch.compile(self.update)

    def update(self, model):
        with torch.no_grad():
          for s, p in zip(self.shadow.parameters(), model.parameters()):
              s.mul_(self.decay).add_(p, alpha=1 - self.decay)


class EMAWarmup:
    def __init__(self, ema, max_decay=0.999):
        self.ema = ema
        self.max_decay = max_decay

    def step(self, step):
        self.ema.decay = min(self.max_decay, (1 + step) / (10 + step))


def train(model, ema, warmup, steps=12):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    x, y = torch.ones(4, 3), torch.zeros(4, 1)
    for step in range(steps):
        loss = ((model(x) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        warmup.step(step)
        ema.update(model)
    return ema.shadow.weight.detach().clone()


def main():
    torch.manual_seed(0)
    model = nn.Linear(3, 1)
    ema = ModelEMA(model)
    return train(model, ema, EMAWarmup(ema))


shadow = main()
