# source: https://pytorch.org/docs/stable/generated/torch.jit.trace.html
# framework: PyTorch
# property: look-alike of t4: torch.where keeps the choice in the graph.
# label: none
# verify: close(c.results, c.expected)
import torch
from torch import nn


class Gate(nn.Module):
    def forward(self, x):
        return torch.where(x.mean() > 0, x, -x)


model = Gate()
traced = torch.jit.trace(model, torch.ones(1, 3))
batches = [torch.ones(1, 3), -torch.ones(1, 3)]
results = [traced(b) for b in batches]
expected = [model(b) for b in batches]
