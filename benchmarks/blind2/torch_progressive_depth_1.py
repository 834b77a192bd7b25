# source: blind56:torch_progressive_depth_1
# framework: PyTorch
# Progressive growing: the network runs only its first `self.active_blocks` blocks of a
# ModuleList, and a growth hook adds a block each epoch. The compiled forward specialises on
# the int attribute (and the slice it makes): a recompile per epoch, up to the limit.
# verify: c.torch['forward'] >= 8
import torch
from torch import nn


class GrowingNet(nn.Module):
    def __init__(self, max_blocks=12, dim=4):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(dim, dim) for _ in range(max_blocks))
        self.active_blocks = 1

    def forward(self, x):
        for block in self.blocks[: self.active_blocks]:  # label[a]
            x = x + torch.relu(block(x))
        return x.sum()


class GrowthHook:
    def __init__(self, every=1):
        self.every = every

    def __call__(self, model, epoch):
        if epoch % self.every == 0:
            model.active_blocks = min(len(model.blocks), model.active_blocks + 1)  # label[a]


def fit(model, hooks, epochs=10):
    step = torch.compile(model)
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        loss = step(torch.ones(2, 4))  # label[a]: ACC5
        opt.zero_grad()
        loss.backward()
        opt.step()
        for hook in hooks:
            hook(model, epoch)


fit(GrowingNet(), [GrowthHook()])
