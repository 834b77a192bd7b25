# source: blind56:torch_int_attr_fine_1
# framework: PyTorch
# label: none
# The same warmup, but the step count is a registered buffer (a tensor) that the Trainer's
# helper increments in place: the compiled forward reads a tensor, not a Python int, and is
# not recompiled per step.
# verify: c.torch['forward'] <= 2
import dataclasses

import torch
from torch import nn


@dataclasses.dataclass
class TrainConfig:
    warmup_steps: int = 100
    lr: float = 0.01
    steps: int = 10


class ResidualNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.inp = nn.Linear(4, 8)
        self.branch = nn.Sequential(nn.ReLU(), nn.Linear(8, 8))
        self.head = nn.Linear(8, 1)
        self.register_buffer("global_step", torch.zeros(()))
        self.warmup_steps = cfg.warmup_steps

    def forward(self, x):
        h = self.inp(x)
        alpha = torch.clamp(self.global_step / self.warmup_steps, max=1.0)
        return self.head(h + alpha * self.branch(h))


class Trainer:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg.lr)

    def _after_step(self):
        self.model.global_step.add_(1)

    def step(self, x, y):
        loss = nn.functional.mse_loss(self.model(x), y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self._after_step()
        return loss.item()


cfg = TrainConfig()
model = ResidualNet(cfg)
model.compile()
trainer = Trainer(model, cfg)
losses = [trainer.step(torch.ones(2, 4), torch.zeros(2, 1)) for _ in range(cfg.steps)]
