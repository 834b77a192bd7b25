# source: blind55:torch_compile_print_fine_1
# framework: PyTorch
# label: none
# The same debug print in a torch.compile'd module: a graph break, and it prints on every call.
# verify: c.out.count('act mean') == 5
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        h = torch.relu(self.fc(x))
        print("act mean", h.mean())
        return h


block = torch.compile(Block())
for i in range(5):
    block(torch.ones(2, 4) * i)
