# source: blind55:torch_trace_if_tensor_1
# framework: PyTorch
# A traced model switches on a data-dependent condition (the mean of its input); tracing records
# the branch the example took, so inputs that should take the other branch do not.
# verify: not close(c.traced_out, c.eager_out)
import torch
from torch import nn


class Gate(nn.Module):
    def forward(self, x):
        if x.mean() > 0:  # label: ACC2
            return x * 2
        return -x


gate = Gate()
traced = torch.jit.trace(gate, torch.ones(3), check_trace=False)
neg = -torch.ones(3)
traced_out = traced(neg)
eager_out = gate(neg)
