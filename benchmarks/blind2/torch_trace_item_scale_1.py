# source: blind56:torch_trace_item_scale_1
# framework: PyTorch
# A quantisation-friendly normaliser computes its scale with `.item()` (to keep a Python
# float for the stats dict) and the model is traced for export. The trace bakes the example's
# scale as a constant: on another input the traced model divides by the wrong number.
# verify: not close(c.traced_out, c.eager_out)
import torch
from torch import nn


class AbsMaxNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.last_scale = None

    def forward(self, x):
        scale = x.abs().max().item()  # label: ACC3
        self.last_scale = scale
        return x / (scale + 1e-6)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = AbsMaxNorm()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(self.norm(x))


def export(model, calibration):
    return torch.jit.trace(model, calibration, check_trace=False)


torch.manual_seed(0)
model = Encoder()
exported = export(model, torch.ones(1, 4))
x = torch.full((1, 4), 5.0)
with torch.no_grad():
    traced_out = exported(x)
    eager_out = model(x)
