# source: blind56:torch_trace_if_gate_1
# framework: PyTorch
# A gated block skips its expert when the mean activation is negative, with a Python `if` on a
# tensor. The model is traced with a positive example, so the traced model always runs the
# expert; called directly on a negative input, the module skips it.
# verify: not close(c.traced_out, c.eager_out)
import torch
from torch import nn


class GatedExpert(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.expert = nn.Linear(dim, dim)

    def forward(self, h):
        if h.mean() > 0:  # label: ACC2
            return h + self.expert(h)
        return h


class Backbone(nn.Module):
    def __init__(self, dim=4, depth=2):
        super().__init__()
        self.blocks = nn.ModuleList(GatedExpert(dim) for _ in range(depth))

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return x


def export_for_serving(model, example):
    return torch.jit.trace(model, example, check_trace=False)


torch.manual_seed(0)
model = Backbone()
traced = export_for_serving(model, torch.ones(1, 4))
x = -torch.ones(1, 4)
with torch.no_grad():
    traced_out = traced(x)
    eager_out = model(x)
