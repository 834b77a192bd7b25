# source: https://docs.pytorch.org/docs/main/torch.compiler.config.html
# framework: PyTorch
# property: (as g1) an nn.Module's int attribute written before each call of its compiled
# forward recompiles each call.
# spelling: model.compile() in main(); the loop lives in train(), called from main, and a
# helper sets the attribute.
# verify: c.torch['forward'] >= 8
import torch
from torch import nn


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.num_steps = 1

    def forward(self, x):
        for _ in range(self.num_steps):
            x = torch.tanh(self.proj(x))
        return x


def set_steps(model, n):
    model.num_steps = n


def train(model, batches):
    for i, x in enumerate(batches):
        set_steps(model, i + 1)
        model(x).sum().backward()  # label: ACC5


def main():
    model = Decoder()
    model.compile()
    train(model, [torch.randn(2, 4) for _ in range(10)])


main()
