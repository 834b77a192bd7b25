# source: blind56:torch_range_cfg_iters_2
# framework: PyTorch
# An iterative refiner runs `range(self.cfg.refine_iters)` refinement passes; a curriculum
# callback raises the count every epoch. The loop bound is a Python int in the compiled
# forward, so every new count recompiles.
# verify: c.torch['forward'] >= 8
import torch
from torch import nn


class RefinerConfig:
    def __init__(self, refine_iters=1):
        self.refine_iters = refine_iters


class Refiner(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.update = nn.Linear(4, 4)

    def forward(self, x):
        h = x
        for _ in range(self.cfg.refine_iters):  # label[a]
            h = h + 0.1 * torch.tanh(self.update(h))
        return h


class Curriculum:
    def on_epoch_start(self, model, epoch):
        model.cfg.refine_iters = 1 + epoch  # label[a]


def train(model, compiled, callbacks, epochs=10):
    outs = []
    for epoch in range(epochs):
        for cb in callbacks:
            cb.on_epoch_start(model, epoch)
        with torch.no_grad():
            outs.append(compiled(torch.ones(2, 4)))  # label[a]: ACC5
    return outs


model = Refiner(RefinerConfig())
outs = train(model, torch.compile(model), [Curriculum()])
