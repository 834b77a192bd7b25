# spelling: framework=torch axis=guard component=torch_module_attribute_set reach=module_instance written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 30: 4 -> 8
# label: storm line=30
import functools

import torch


def body(v, k):
    return v * k


class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.k = 1

    def forward(self, v):
        return v * self.k


NET = Scaled()
MODEL = torch.compile(NET)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        NET.k = i + 1
        MODEL(x)
