# source: https://github.com/pytorch/pytorch/issues/74047
# framework: PyTorch
# Under torch.jit.trace, `x.numel()` is recorded as the constant 24 of the example input, so
# `torch.ones(x.numel())` keeps that size for every later input (a shape from a traced value).
# verify: c.later.shape[0] == 24
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        return torch.ones(x.numel())  # label: ACC3


x = torch.randn(2, 3, 4)
g = torch.jit.trace(Model(), (x,))
print(g.graph)
later = g(torch.randn(2, 2))
