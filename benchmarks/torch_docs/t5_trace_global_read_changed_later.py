# source: https://pytorch.org/docs/stable/generated/torch.jit.trace.html
# framework: PyTorch
# property: a value a traced function reads from a Python global is recorded as a constant:
# rebinding the global after the trace leaves the trace stale.
# spelling: a module-level scale read in a traced forward, changed after tracing.
# verify: not close(c.after, c.model(c.x))
import torch
from torch import nn

SCALE = 2.0


class Scale(nn.Module):
    def forward(self, x):
        return x * SCALE  # label: ACC6


model = Scale()
x = torch.ones(3)
traced = torch.jit.trace(model, x)
SCALE = 5.0
after = traced(x)
