# source: blind56:torch_trace_temperature_attr_1
# framework: PyTorch
# A distillation head is exported with torch.jit.trace once, then a temperature scheduler
# lowers `head.temperature` (a Python float). The trace recorded the first temperature as a
# constant, so the traced head keeps softening with it; the module called directly does not.
# The check compares the traced head with the module itself, in the same run.
# verify: not close(c.traced_out, c.eager_out)
import torch
from torch import nn


class DistillHead(nn.Module):
    def __init__(self, dim=4, classes=3, temperature=4.0):
        super().__init__()
        self.proj = nn.Linear(dim, classes)
        self.temperature = temperature

    def forward(self, h):
        return torch.log_softmax(self.proj(h) / self.temperature, dim=-1)  # label[a]: ACC6


class TemperatureSchedule:
    def __init__(self, head, final=1.0):
        self.head, self.final = head, final

    def step(self, epoch, epochs):
        frac = (epoch + 1) / epochs
        self.head.temperature = 4.0 + (self.final - 4.0) * frac  # label[a]


def export(head, example):
    return torch.jit.trace(head, example)


torch.manual_seed(0)
head = DistillHead()
x = torch.randn(2, 4)
traced = export(head, x)
schedule = TemperatureSchedule(head)
for epoch in range(3):
    schedule.step(epoch, 3)
with torch.no_grad():
    traced_out = traced(x)
    eager_out = head(x)
