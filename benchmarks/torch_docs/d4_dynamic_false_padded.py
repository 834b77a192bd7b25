# source: https://docs.pytorch.org/docs/main/compile/dynamic_shapes_core_concepts.html
# framework: PyTorch
# property: look-alike of d1: with dynamic=False, inputs padded to one shape compile once.
# label: none
# verify: c.torch['forward'] <= 1
import torch
from torch import nn


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc(x)


model = torch.compile(Head(), dynamic=False)
for n in range(1, 11):
    x = torch.randn(n, 8)
    padded = torch.nn.functional.pad(x, (0, 0, 0, 16 - n))
    model(padded)
