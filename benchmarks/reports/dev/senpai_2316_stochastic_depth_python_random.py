# source: https://github.com/wandb/senpai/pull/2316
# framework: PyTorch
# Stochastic depth in a Transolver: `if self.training and random.random() < drop_prob:` skips a
# block (identity path) during training. Compiled with torch.compile (the repository's training
# script compiles the model), Dynamo records the Python `random.random()` calls and replays them
# on every call, so the skip decision is drawn anew each forward. Run: the compiled model skips
# different blocks over 20 calls. Fine.
# label: none
# verify: len(set(c.patterns)) > 1
import random
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d, drop_prob):
        super().__init__()
        self.mlp = nn.Linear(d, d)
        self.drop_prob = drop_prob

    def forward(self, fx):
        if self.training and random.random() < self.drop_prob:
            return fx  # identity path
        return fx + self.mlp(fx)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(4, p) for p in (0.0, 0.5, 0.5)])

    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        return x


torch.manual_seed(0)
random.seed(0)
model = torch.compile(Model().train())
x = torch.ones(1, 4)
patterns = []
for _ in range(20):
    patterns.append(round(float(model(x).sum()), 4))
print(patterns)
