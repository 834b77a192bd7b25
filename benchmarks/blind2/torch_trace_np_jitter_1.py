# source: blind56:torch_trace_np_jitter_1
# framework: PyTorch
# A test-time-augmentation wrapper jitters its input by a NumPy-drawn scale before the
# backbone, and the whole wrapper is exported with torch.jit.trace. The draw ran once while
# tracing: the exported model applies the same "random" scale on every call.
# verify: c.n_distinct == 1
import numpy as np
import torch
from torch import nn


def random_scale(low=0.8, high=1.2):
    return float(np.random.uniform(low, high))  # label: ACC1


class Jitter(nn.Module):
    def forward(self, x):
        return x * random_scale()


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
