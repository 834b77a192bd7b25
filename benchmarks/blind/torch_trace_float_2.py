# source: blind55:torch_trace_float_2
# framework: PyTorch
# A traced scoring head turns the number of positive logits into a Python int with int() to
# average over them; the count of the example is baked.
# verify: not close(c.traced_out, c.eager_out)
import torch
from torch import nn


class PositiveMean(nn.Module):
    def forward(self, logits):
        n_pos = int((logits > 0).sum())  # label: ACC3
        return logits.clamp(min=0).sum() / max(n_pos, 1)


head = PositiveMean()
traced = torch.jit.trace(head, torch.tensor([1.0, -1.0, 2.0, -2.0]), check_trace=False)
x = torch.tensor([1.0, 2.0, 3.0, 4.0])
traced_out = traced(x)
eager_out = head(x)
