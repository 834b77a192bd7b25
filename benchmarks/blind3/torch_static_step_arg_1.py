# source: blind57:torch_static_step_arg_1
# framework: PyTorch
# A warmup helper passes the global step (a Python int) to a loss compiled with
# `dynamic=False`; every new int is a new specialisation, so each step recompiles.
# verify: c.torch['warmup_loss'] >= 8
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class TrainConfig:
    warmup_steps: int = 100
    steps: int = 12


def warmup_loss(pred, target, step, warmup_steps):
    ramp = min(1.0, (step + 1) / warmup_steps)
    return ramp * ((pred - target) ** 2).mean()


class Trainer:
    def __init__(self, cfg, model):
        self.cfg = cfg
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.loss_fn = torch.compile(warmup_loss, dynamic=False)  # label[a]

    def compute_loss(self, batch, step):
        x, y = batch
        return self.loss_fn(self.model(x), y, step, self.cfg.warmup_steps)  # label[a]: ACC5

    def fit(self, batches):
        losses = []
        for step, batch in enumerate(batches):
            loss = self.compute_loss(batch, step)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            losses.append(loss.item())
        return losses


def make_batches(n):
    g = torch.Generator().manual_seed(0)
    for _ in range(n):
        yield torch.randn(8, 4, generator=g), torch.randn(8, 1, generator=g)


def main():
    cfg = TrainConfig()
    trainer = Trainer(cfg, nn.Linear(4, 1))
    return trainer.fit(make_batches(cfg.steps))


losses = main()
