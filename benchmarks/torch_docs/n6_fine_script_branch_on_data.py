# source: https://docs.pytorch.org/docs/stable/jit.html
# framework: PyTorch
# property: (look-alike) torch.jit.script compiles Python control flow: an if on a tensor's
# value takes the branch each input needs, unlike torch.jit.trace.
# spelling: written at stop 44 before any change; a helper scripts the model main builds.
# verify: close(c.results, c.expected)
import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        h = self.fc(x)
        if bool(h.mean() > 0):  # label: none
            return h
        return -h


def export(model):
    with torch.no_grad():
        model.fc.weight.fill_(1.0)
        model.fc.bias.zero_()
    return torch.jit.script(model)


def main():
    model = Gate()
    scripted = export(model)
    batches = [torch.ones(1, 3), -torch.ones(1, 3)]
    return [scripted(b) for b in batches], [model(b) for b in batches]


results, expected = main()
