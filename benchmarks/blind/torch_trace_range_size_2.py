# source: blind55:torch_trace_range_size_2
# framework: PyTorch
# A traced decoder loops over the time dimension with range(x.size(1)); the trip count of the
# example is baked, so a longer sequence is silently cut short.
# verify: not close(c.traced_out, c.eager_out)
import torch
from torch import nn


class CumulativeDecoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.Linear(4, 4)

    def forward(self, x):
        h = torch.zeros(x.size(0), 4)
        for t in range(x.size(1)):  # label: ACC2
            h = torch.tanh(self.cell(h) + x[:, t])
        return h


torch.manual_seed(0)
dec = CumulativeDecoder()
traced = torch.jit.trace(dec, torch.ones(1, 3, 4))
long_seq = torch.ones(1, 7, 4)
traced_out = traced(long_seq)
eager_out = dec(long_seq)
