# source: blind56:torch_compile_print_fine_1
# framework: PyTorch
# label: none
# A debugging print of the batch size in a submodule's forward, under torch.compile: Dynamo
# breaks the graph at the print and runs it on every call (a graph break, output right).
# verify: c.out.count('batch of') == 6 and close(c.outs, e.outs)
import torch
from torch import nn


def log_batch(x):
    print(f"batch of {x.shape[0]}")


class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(2, 4, 3, padding=1)

    def forward(self, x):
        log_batch(x)
        return torch.relu(self.conv(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = Stem()
        self.head = nn.Linear(4, 1)

    def forward(self, x):
        return self.head(self.stem(x).mean(-1))


torch.manual_seed(0)
net = torch.compile(Net())
with torch.no_grad():
    outs = [net(torch.ones(3, 2, 5) * i) for i in range(6)]
