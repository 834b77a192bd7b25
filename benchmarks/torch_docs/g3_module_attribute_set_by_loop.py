# source: https://docs.pytorch.org/docs/main/torch.compiler.config.html
# framework: PyTorch
# property: (as g1) an int attribute of the compiled nn.Module (allow_unspec_int_on_nn_module is
# False by default), written by the training loop before each call, recompiles each call.
# spelling: torch.compile(model); the loop in main() sets model.current_epoch.
# verify: c.torch['forward'] >= 8
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.current_epoch = 0

    def forward(self, x):
        drop = 0.5 if self.current_epoch < 3 else 0.1
        return nn.functional.dropout(self.fc(x), drop, self.training)


def main():
    model = Net()
    compiled = torch.compile(model)
    for epoch in range(10):
        model.current_epoch = epoch
        out = compiled(torch.randn(2, 4))  # label: ACC5
        out.sum().backward()


main()
