# source: blind56:torch_trace_rand_jitter_fine_1
# framework: PyTorch
# label: none
# The same exported augmentation wrapper drawing its scale with torch.rand: the trace records
# a random op, so every call of the exported model draws a new scale.
# verify: c.n_distinct == 5
import torch
from torch import nn


def random_scale(x, low=0.8, high=1.2):
    return low + (high - low) * torch.rand(x.shape[0], 1)


class Jitter(nn.Module):
    def forward(self, x):
        return x * random_scale(x)


class TTAModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.aug = Jitter()
        self.backbone = nn.Linear(3, 2)

    def forward(self, x):
        return self.backbone(self.aug(x))


def export(model):
    return torch.jit.trace(model, torch.ones(1, 3), check_trace=False)


torch.manual_seed(0)
exported = export(TTAModel())
with torch.no_grad():
    outs = [exported(torch.ones(1, 3)) for _ in range(5)]
n_distinct = len({tuple(o.flatten().tolist()) for o in outs})
