# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: look-alike of g3: a bool attribute toggled between train and eval takes two values:
# at most two graphs, however many passes.
# label: none
# verify: c.torch['forward'] <= 2
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.use_residual = True

    def forward(self, x):
        y = self.fc(x)
        return y + x if self.use_residual else y


model = Net()
compiled = torch.compile(model)
for epoch in range(10):
    model.use_residual = epoch % 2 == 0
    compiled(torch.randn(2, 4))
