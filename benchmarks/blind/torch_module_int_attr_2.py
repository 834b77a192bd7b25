# source: blind55:torch_module_int_attr_2
# framework: PyTorch
# The training loop tells the model the current epoch (model.epoch = epoch) and forward uses it
# to grow a curriculum mask: an int attribute read by the compiled forward, a new value each
# epoch, a recompile each epoch.
# verify: c.torch['forward'] >= 8
import torch
from torch import nn


class CurriculumNet(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.proj = nn.Linear(width, width)
        self.epoch = 0

    def forward(self, x):
        keep = min(x.shape[1], 2 + self.epoch)  # label[a]
        return self.proj(x[:, :keep].sum(1, keepdim=True) * torch.ones_like(x))


def train(model, epochs):
    compiled = torch.compile(model)
    for epoch in range(epochs):
        model.epoch = epoch  # label[a]
        for _ in range(2):
            out = compiled(torch.ones(3, 16))  # label[a]: ACC5
    return out


result = train(CurriculumNet(16), 12)
