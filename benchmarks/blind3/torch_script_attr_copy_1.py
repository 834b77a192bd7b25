# source: blind57:torch_script_attr_copy_1
# framework: PyTorch
# `torch.jit.script` copies a module's Python float attribute into the ScriptModule when it
# scripts it; a calibration helper later sets `logit_scale` on the original module, which the
# scripted copy never sees.
# verify: not close(c.scripted_out, c.direct_out)
import torch
from torch import nn


class CalibratedHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.logit_scale: float = 1.0

    def forward(self, x):
        return self.fc(x) * self.logit_scale  # label[a]: ACC6


class Calibrator:
    def __init__(self, target_scale):
        self.target_scale = target_scale

    def apply(self, head):
        head.logit_scale = self.target_scale  # label[a]


def deploy(head):
    return torch.jit.script(head)  # label[a]


def main():
    torch.manual_seed(0)
    head = CalibratedHead()
    scripted = deploy(head)
    Calibrator(0.25).apply(head)
    x = torch.ones(2, 3)
    with torch.no_grad():
        return scripted(x), head(x)


scripted_out, direct_out = main()
