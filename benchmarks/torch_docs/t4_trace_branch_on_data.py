# source: https://pytorch.org/docs/stable/generated/torch.jit.trace.html
# framework: PyTorch
# property: (as t1) a Python branch on a tensor's value keeps the example's branch.
# spelling: a training helper traces the model once; an evaluation function called from main uses it.
# verify: not close(c.results, c.expected)
import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        h = self.fc(x)
        if h.mean() > 0:  # label: ACC2
            return h
        return -h


def export(model):
    with torch.no_grad():
        model.fc.weight.fill_(1.0)
        model.fc.bias.zero_()
    return torch.jit.trace(model, torch.ones(1, 3))


def evaluate(traced, batches):
    return [traced(b) for b in batches]


def main():
    model = Gate()
    traced = export(model)
    batches = [torch.ones(1, 3), -torch.ones(1, 3)]
    return evaluate(traced, batches), [model(b) for b in batches]


results, expected = main()
