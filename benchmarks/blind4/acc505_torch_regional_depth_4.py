# source: blind58:acc505_torch_regional_depth_4
# framework: PyTorch
# Regional compilation: each block calls `.compile()` on itself, and stochastic-depth code
# stores the current layer drop count as an int attribute of the block before each call.
# The int is guarded per value, so each new count recompiles the block.
# verify: c.torch['forward'] >= 8
import torch


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.drop_count = 0

    def forward(self, x):
        return self.lin(x) * (1.0 / (1 + self.drop_count))  # label[g]


def build():
    block = Block()
    block.compile()
    return block


def train(block, steps):
    outs = []
    for step in range(steps):
        block.drop_count = step * 3
        outs.append(block(torch.ones(2, 4)))  # label[g]: ACC505
    return outs


with torch.no_grad():
    outs = train(build(), 10)
