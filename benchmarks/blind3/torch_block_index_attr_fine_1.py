# source: blind57:torch_block_index_attr_fine_1
# framework: PyTorch
# label: none
# Regional compilation of a ModuleList's blocks that differ only in their weights: the
# blocks share one code object and one graph (parameters are inputs), so compiling each
# block in place costs one compile, not one per block.
# verify: c.torch['forward'] <= 2
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class NetConfig:
    channels: int = 4
    depth: int = 12


class ResidualBlock(nn.Module):
    def __init__(self, channels, shift):
        super().__init__()
        self.proj = nn.Linear(channels, channels)
        self.register_buffer("scale", torch.tensor(float(shift)))

    def forward(self, x):
        return x + torch.tanh(self.proj(x)) / self.scale


class Tower(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.blocks = nn.ModuleList(ResidualBlock(cfg.channels, 2 ** i) for i in range(cfg.depth))

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return x


def compile_blocks(model):
    for block in model.blocks:
        block.compile()
    return model


def main():
    cfg = NetConfig()
    model = compile_blocks(Tower(cfg))
    with torch.no_grad():
        return model(torch.ones(2, 16, cfg.channels))


out = main()
