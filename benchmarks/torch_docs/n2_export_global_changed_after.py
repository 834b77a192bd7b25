# source: https://docs.pytorch.org/docs/stable/export.html
# framework: PyTorch
# property: torch.export records a Python global the forward reads as a constant of the
# exported program: changing the global after exporting is not seen.
# spelling: written at stop 44 before any change; main exports, then a later stage raises the bias.
# verify: not close(c.got, c.expected)
import torch
from torch import nn

BIAS = 1.0


class Shift(nn.Module):
    def forward(self, x):
        return x + BIAS  # label[g]: ACC6


def main():
    global BIAS
    model = Shift()
    program = torch.export.export(model, (torch.zeros(2),))
    BIAS = 5.0  # label[g]
    return program.module()(torch.zeros(2)), model(torch.zeros(2))


got, expected = main()
