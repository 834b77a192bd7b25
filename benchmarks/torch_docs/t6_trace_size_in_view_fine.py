# source: https://pytorch.org/docs/stable/generated/torch.jit.trace.html
# framework: PyTorch
# property: look-alike of t1: x.size(0) used in a tensor operation is recorded, not baked.
# label: none
# verify: close(c.got, c.model(c.batch))
import torch
from torch import nn


class Flatten(nn.Module):
    def forward(self, x):
        return x.view(x.size(0), -1) * 2


def main():
    model = Flatten()
    traced = torch.jit.trace(model, torch.ones(4, 2, 3))
    batch = torch.randn(7, 2, 3)
    return model, batch, traced(batch)


model, batch, got = main()
