# source: blind57:torch_script_attr_copy_fine_1
# framework: PyTorch
# label: none
# The scale lives in a registered buffer, which the ScriptModule shares with the original
# module, so the calibration's in-place write reaches the scripted copy.
# verify: close(c.scripted_out, c.direct_out)
import torch
from torch import nn


class CalibratedHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.register_buffer("logit_scale", torch.tensor(1.0))

    def forward(self, x):
        return self.fc(x) * self.logit_scale


class Calibrator:
    def __init__(self, target_scale):
        self.target_scale = target_scale

    def apply(self, head):
        head.logit_scale.fill_(self.target_scale)


def deploy(head):
    return torch.jit.script(head)


def main():
    torch.manual_seed(0)
    head = CalibratedHead()
    scripted = deploy(head)
    Calibrator(0.25).apply(head)
    x = torch.ones(2, 3)
    with torch.no_grad():
        return scripted(x), head(x)


scripted_out, direct_out = main()
