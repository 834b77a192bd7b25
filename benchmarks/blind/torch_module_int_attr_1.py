# source: blind55:torch_module_int_attr_1
# framework: PyTorch
# A compiled module counts its forward calls in a Python int attribute (for a warmup ramp):
# Dynamo guards on the int and recompiles on every call until the recompile limit.
# verify: c.torch['forward'] >= 8
import torch
from torch import nn


class WarmupLinear(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)
        self.num_calls = 0

    def forward(self, x):
        self.num_calls += 1  # label[a]
        ramp = min(1.0, self.num_calls / 100)
        return self.linear(x) * ramp


model = torch.compile(WarmupLinear())
opt = torch.optim.SGD(model.parameters(), lr=0.01)
for step in range(10):
    loss = model(torch.ones(2, 4)).pow(2).mean()  # label[a]: ACC5
    opt.zero_grad()
    loss.backward()
    opt.step()
