# spelling: framework=torch axis=guard component=torch_module_instance_counting reach=module_instance written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 29: 4 -> 8
# label: storm line=29
import functools

import torch


def body(v, k):
    return v * k


class Counting(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def forward(self, v):
        self.calls += 1
        return v * self.calls


MODEL = torch.compile(Counting())


def run(n):
    x = torch.ones(3)
    for i in range(n):
        MODEL(x)
