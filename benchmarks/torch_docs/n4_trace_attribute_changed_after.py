# source: https://docs.pytorch.org/docs/stable/generated/torch.jit.trace_module.html
# framework: PyTorch
# property: torch.jit.trace records the operations one run executes: a Python int attribute
# the forward loops over is baked in, and changing it after tracing is not seen.
# spelling: written at stop 44 before any change; a class traces its model at set-up, the
# driver deepens the model later.
# verify: not close(c.result, c.expected)
import torch
from torch import nn


class Refiner(nn.Module):
    def __init__(self):
        super().__init__()
        self.depth = 1

    def forward(self, x):
        for _ in range(self.depth):  # label[g]: ACC6
            x = x + 1
        return x


class Runner:
    def __init__(self):
        self.model = Refiner()
        self.traced = torch.jit.trace(self.model, torch.zeros(2))

    def run(self, x):
        return self.traced(x)


runner = Runner()
runner.model.depth = 3  # label[g]
result = runner.run(torch.zeros(2))
expected = runner.model(torch.zeros(2))
