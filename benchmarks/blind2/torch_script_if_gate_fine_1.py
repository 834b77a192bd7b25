# source: blind56:torch_script_if_gate_fine_1
# framework: PyTorch
# label: none
# The same gated blocks exported with torch.jit.script: TorchScript compiles the `if` as real
# control flow, so the scripted model skips the expert on a negative input like the module.
# verify: close(c.scripted_out, c.eager_out)
import torch
from torch import nn


class GatedExpert(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.expert = nn.Linear(dim, dim)

    def forward(self, h):
        if bool(h.mean() > 0):
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


def export_for_serving(model):
    return torch.jit.script(model)


torch.manual_seed(0)
model = Backbone()
scripted = export_for_serving(model)
x = -torch.ones(1, 4)
with torch.no_grad():
    scripted_out = scripted(x)
    eager_out = model(x)
