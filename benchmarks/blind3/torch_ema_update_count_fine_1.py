# source: blind57:torch_ema_update_count_fine_1
# framework: PyTorch
# label: none
# A timm-style EMA counts its updates in a Python int attribute and derives the warmup decay
# from it inside the compiled update. It looks like a guarded constant (a storm), but the int
# lives on a plain object, not a module: Dynamo makes it an input after its second value.
# verify: c.torch['update'] <= 2
# verify: close(c.shadow, e.shadow)
import copy

import torch
from torch import nn


class ModelEmaV2:
    def __init__(self, model, decay=0.999):
        self.module = copy.deepcopy(model)
        self.decay = decay
        self.updates = 0

    def update(self, model):
        self.updates += 1
        d = min(self.decay, (1 + self.updates) / (10 + self.updates))
        with torch.no_grad():
            for e, m in zip(self.module.parameters(), model.parameters()):
                e.copy_(e * d + (1 - d) * m)


def build_ema(model, compile_update=True):
    ema = ModelEmaV2(model)
    if compile_update:
        ema.update = torch.compile(ema.update)
    return ema


def train(model, ema, steps=12):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    x, y = torch.ones(4, 3), torch.zeros(4, 1)
    for _ in range(steps):
        loss = ((model(x) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        ema.update(model)
    return ema.module.weight.detach().clone()


torch.manual_seed(0)
net = nn.Linear(3, 1)
shadow = train(net, build_ema(net))
