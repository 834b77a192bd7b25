# source: blind55:torch_trace_np_random_1
# framework: PyTorch
# A traced augmentation module adds NumPy noise: the draw made while tracing is stored in the
# graph as a constant, so the traced module adds the same noise on every call.
# verify: close(c.outs[0], c.outs[1]) and not close(c.eager_outs[0], c.eager_outs[1])
import numpy as np
import torch
from torch import nn


class GaussianNoise(nn.Module):
    def forward(self, x):
        noise = torch.from_numpy(np.random.normal(0, 0.1, size=tuple(x.shape)).astype("float32"))  # label: ACC1
        return x + noise


aug = GaussianNoise()
x = torch.zeros(2, 3)
traced = torch.jit.trace(aug, x, check_trace=False)
outs = [traced(x) for _ in range(3)]
eager_outs = [aug(x) for _ in range(3)]
