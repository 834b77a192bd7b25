# source: blind56:torch_compile_np_jitter_fine_1
# framework: PyTorch
# label: none
# The NumPy-drawn jitter scale of a training augmentation module, under torch.compile: the
# scalar draw breaks the graph and runs in Python on every call, so each call gets a new scale.
# verify: c.n_distinct == 5
import numpy as np
import torch
from torch import nn


def random_scale(low=0.8, high=1.2):
    return float(np.random.uniform(low, high))


class Jitter(nn.Module):
    def forward(self, x):
        return x * random_scale()


class AugmentedModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.aug = Jitter()
        self.backbone = nn.Linear(3, 2)

    def forward(self, x):
        return self.backbone(self.aug(x))


torch.manual_seed(0)
model = torch.compile(AugmentedModel())
with torch.no_grad():
    outs = [model(torch.ones(1, 3)) for _ in range(5)]
n_distinct = len({tuple(o.flatten().tolist()) for o in outs})
