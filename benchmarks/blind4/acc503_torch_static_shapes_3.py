# source: blind58:acc503_torch_static_shapes_3
# framework: PyTorch
# A compiled model with dynamic=False is fed a sliding window that widens each step of the
# warm-up: every new length is a shape guard failure and a recompile.
# verify: c.torch['forward'] >= 8
import torch


class Smoother(torch.nn.Module):
    def forward(self, x):
        return torch.cumsum(x, dim=-1) / x.shape[-1]


class Runner:
    def __init__(self):
        self.model = torch.compile(Smoother(), dynamic=False)
        self.signal = torch.arange(64.0)

    def warmup(self, steps):
        outs = []
        for k in range(1, steps + 1):
            outs.append(self.model(self.signal[: 4 * k]))  # label: ACC503
        return outs


outs = Runner().warmup(10)
