# source: blind56:torch_recompile_per_epoch_fine_1
# framework: PyTorch
# label: none
# The training helper calls `torch.compile(model)` at the start of every epoch, which looks
# like a new compiled object per epoch; Dynamo's cache is keyed by the forward's code and
# guards, so the later wrappers reuse the first compile.
# verify: c.torch['forward'] <= 2
import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, x):
        return self.layers(x)


def train_one_epoch(model, opt, batches):
    compiled = torch.compile(model)
    for x, y in batches:
        loss = nn.functional.mse_loss(compiled(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


model = MLP()
opt = torch.optim.SGD(model.parameters(), lr=0.01)
batches = [(torch.ones(2, 4), torch.zeros(2, 1))] * 2
for epoch in range(10):
    train_one_epoch(model, opt, batches)
