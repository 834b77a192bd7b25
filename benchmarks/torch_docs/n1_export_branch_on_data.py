# source: https://docs.pytorch.org/docs/stable/export.html
# framework: PyTorch
# property: torch.export traces forward once: a Python if on a tensor's value cannot be exported
# (data-dependent control flow raises; torch.cond is the documented fix).
# spelling: written at stop 44 before any change; a deploy helper exports the model main builds.
# verify: c.error in ('UserError', 'GuardOnDataDependentSymNode', 'RuntimeError') and close(c.plain, c.plain)
import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        h = self.fc(x)
        if h.sum() > 0:  # label: ACC2
            return h.relu()
        return h.tanh()


def deploy(model, example):
    return torch.export.export(model, (example,))


def main():
    model = Gate()
    try:
        deploy(model, torch.ones(2, 3))
        return ""
    except Exception as exc:  # what exporting does with the branch
        return type(exc).__name__


error = main()
plain = Gate()(torch.ones(2, 3))  # the module itself runs: only the export raises
