# source: blind56:torch_int_attr_warmup_1
# framework: PyTorch
# The model scales its residual branch by a warmup factor computed from `self.global_step`, a
# Python int that the Trainer's helper bumps after every optimizer step. `model.compile()`
# specialises on the module's int attributes: a recompile per step, up to the limit.
# verify: c.torch['forward'] >= 8
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
        self.global_step = 0
        self.warmup_steps = cfg.warmup_steps

    def forward(self, x):
        h = self.inp(x)
        alpha = min(1.0, self.global_step / self.warmup_steps)  # label[a]
        return self.head(h + alpha * self.branch(h))


class Trainer:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg.lr)

    def _after_step(self):
        self.model.global_step += 1  # label[a]

    def step(self, x, y):
        loss = nn.functional.mse_loss(self.model(x), y)  # label[a]: ACC5
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
