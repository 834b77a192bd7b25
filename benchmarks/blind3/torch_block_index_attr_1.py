# source: blind57:torch_block_index_attr_1
# framework: PyTorch
# Regional compilation: each block of a ModuleList is compiled in place, and every block keeps
# its own Python int `dilation` that its forward uses as a shift. The blocks share one code
# object, so each new int is a recompile of the same frame, past the recompile limit.
# verify: c.torch['forward'] >= 8
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class NetConfig:
    channels: int = 4
    depth: int = 12


class DilatedBlock(nn.Module):
    def __init__(self, channels, dilation):
        super().__init__()
        self.proj = nn.Linear(channels, channels)
        self.dilation = dilation

    def forward(self, x):
        shifted = torch.roll(x, shifts=self.dilation, dims=1)  # label[a]
        return x + torch.tanh(self.proj(shifted))


class WaveNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.blocks = nn.ModuleList(DilatedBlock(cfg.channels, 2 ** i) for i in range(cfg.depth))

    def forward(self, x):
        for block in self.blocks:
            x = block(x)  # label[a]: ACC5
        return x


def compile_blocks(model):
    for block in model.blocks:
        block.compile()  # label[a]
    return model


def main():
    cfg = NetConfig()
    model = compile_blocks(WaveNet(cfg))
    with torch.no_grad():
        return model(torch.ones(2, 16, cfg.channels))


out = main()
