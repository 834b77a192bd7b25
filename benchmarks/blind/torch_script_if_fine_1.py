# source: blind55:torch_script_if_fine_1
# framework: PyTorch
# label: none
# The same gate compiled with torch.jit.script: TorchScript keeps the Python `if` as real
# control flow, so both branches work.
# verify: close(c.scripted_out, c.eager_out)
import torch
from torch import nn


class Gate(nn.Module):
    def forward(self, x):
        if bool(x.mean() > 0):
            return x * 2
        return -x


gate = Gate()
scripted = torch.jit.script(gate)
neg = -torch.ones(3)
scripted_out = scripted(neg)
eager_out = gate(neg)
