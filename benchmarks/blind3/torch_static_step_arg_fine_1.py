# source: blind57:torch_static_step_arg_fine_1
# framework: PyTorch
# label: none
# The same warmup loss, but the helper hands the step over as a tensor: its value is data,
# not part of the cache key, so the loss compiles once.
# verify: c.torch['warmup_loss'] <= 2
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class TrainConfig:
    warmup_steps: int = 100
    steps: int = 12


def warmup_loss(pred, target, step, warmup_steps):
    ramp = torch.clamp((step + 1) / warmup_steps, max=1.0)
    return ramp * ((pred - target) ** 2).mean()


class Trainer:
    def __init__(self, cfg, model):
        self.cfg = cfg
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.loss_fn = torch.compile(warmup_loss, dynamic=False)

    def compute_loss(self, batch, step):
        x, y = batch
        step_t = torch.tensor(float(step))
        return self.loss_fn(self.model(x), y, step_t, self.cfg.warmup_steps)

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
