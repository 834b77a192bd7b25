# source: blind55:torch_compile_per_epoch_fine_1
# framework: PyTorch
# label: none
# The evaluation function compiles the model afresh each time it is called (once per epoch).
# Written as a storm; the run says otherwise: Dynamo caches on the forward code object and its
# guards, so every new wrapper of the same module finds the first graph (one compile).
# verify: c.torch['forward'] == 1
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)

    def forward(self, x):
        return self.fc(x).sigmoid()


def evaluate(model, x):
    compiled = torch.compile(model)
    with torch.no_grad():
        return compiled(x).mean()


net = Net()
scores = []
for epoch in range(10):
    scores.append(evaluate(net, torch.ones(3, 4)))
