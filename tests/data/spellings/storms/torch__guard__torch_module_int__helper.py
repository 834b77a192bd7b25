# spelling: framework=torch axis=guard component=torch_module_int reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 21: 4 -> 8
# label: storm line=21
import torch


class Counting(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def forward(self, v):
        self.calls += 1
        return v * self.calls


COUNTING = torch.compile(Counting())


def step(x, i):
    COUNTING(x)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
