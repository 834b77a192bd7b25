# source: blind55:torch_buffer_counter_fine_1
# framework: PyTorch
# label: none
# The warmup counter kept in a registered buffer (a tensor): updated in place, no guard on its
# value, one compile.
# verify: c.torch['forward'] <= 1
import torch
from torch import nn


class WarmupLinear(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)
        self.register_buffer("num_calls", torch.zeros(()))

    def forward(self, x):
        self.num_calls += 1
        ramp = torch.clamp(self.num_calls / 100, max=1.0)
        return self.linear(x) * ramp


model = torch.compile(WarmupLinear())
opt = torch.optim.SGD(model.parameters(), lr=0.01)
for step in range(10):
    loss = model(torch.ones(2, 4)).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
