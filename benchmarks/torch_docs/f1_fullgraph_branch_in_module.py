# source: https://docs.pytorch.org/docs/stable/torch.compiler_troubleshooting.html
# framework: PyTorch
# property: under fullgraph=True what would break the graph raises: a Python branch on a
# tensor's value in the compiled module's forward.
# verify: 'Unsupported' in c.error or 'UserError' in c.error
import torch
from torch import nn


class Clip(nn.Module):
    def forward(self, x):
        if x.norm() > 1:  # label: ACC2
            return x / x.norm()
        return x


model = torch.compile(Clip(), fullgraph=True)
try:
    model(torch.randn(4))
    error = ""
except Exception as exc:
    error = type(exc).__name__
