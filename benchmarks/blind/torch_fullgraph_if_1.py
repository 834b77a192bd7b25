# source: blind55:torch_fullgraph_if_1
# framework: PyTorch
# The gate compiled with fullgraph=True (to be sure nothing falls back to Python): the
# data-dependent `if` cannot be captured and compiling raises, where the module itself runs.
# (Checked in one run: under TORCH_COMPILE_DISABLE a fullgraph compile raises for another reason.)
# verify: c.error == 'Unsupported' and close(c.plain_out, [2.0, 2.0, 2.0])
import torch
from torch import nn


class Gate(nn.Module):
    def forward(self, x):
        if x.mean() > 0:  # label: ACC2
            return x * 2
        return -x


plain_out = Gate()(torch.ones(3))
gate = torch.compile(Gate(), fullgraph=True)
error = None
try:
    out = gate(torch.ones(3))
except Exception as exc:
    error = type(exc).__name__
