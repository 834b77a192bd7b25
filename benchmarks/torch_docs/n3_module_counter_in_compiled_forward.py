# source: https://docs.pytorch.org/docs/stable/torch.compiler_faq.html
# framework: PyTorch
# property: Dynamo guards an nn.Module's int attribute by value: a call counter the compiled
# forward itself steps recompiles every call, up to the limit.
# spelling: written at stop 44 before any change; torch.compile(model) in main, a warm-up
# schedule in forward.
# verify: c.torch['forward'] >= 8
import torch
from torch import nn


class Warm(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.calls = 0

    def forward(self, x):
        self.calls += 1
        return self.fc(x) * min(1.0, self.calls / 20)


def main():
    model = Warm()
    compiled = torch.compile(model)
    for _ in range(10):
        compiled(torch.randn(2, 4))  # label: ACC5


main()
