# source: blind55:torch_trace_rand_fine_2
# framework: PyTorch
# label: none
# The traced augmentation drawing its noise with torch.randn_like: recorded as a random op, a
# fresh draw per call.
# verify: not close(c.outs[0], c.outs[1])
import torch
from torch import nn


class GaussianNoise(nn.Module):
    def forward(self, x):
        return x + 0.1 * torch.randn_like(x)


traced = torch.jit.trace(GaussianNoise(), torch.zeros(2, 3), check_trace=False)
outs = [traced(torch.zeros(2, 3)) for _ in range(3)]
