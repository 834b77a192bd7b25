# source: blind56:torch_compile_item_scale_fine_1
# framework: PyTorch
# label: none
# The same `.item()` normaliser under torch.compile: Dynamo breaks the graph at `.item()` and
# runs it in Python on every call, so each input gets its own scale (a graph break, right
# results).
# verify: close(c.outs, e.outs)
import torch
from torch import nn


class AbsMaxNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.last_scale = None

    def forward(self, x):
        scale = x.abs().max().item()
        self.last_scale = scale
        return x / (scale + 1e-6)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = AbsMaxNorm()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(self.norm(x))


torch.manual_seed(0)
model = torch.compile(Encoder())
with torch.no_grad():
    outs = [model(torch.full((1, 4), v)) for v in (1.0, 5.0, 9.0)]
