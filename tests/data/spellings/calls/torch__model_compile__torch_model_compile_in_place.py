# spelling: framework=torch axis=guard component=torch_model_compile_in_place reach=model_compile written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 28: 4 -> 8
# label: storm line=28
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


def run(n):
    model = Counting()
    model.compile()
    x = torch.ones(3)
    for i in range(n):
        model(x)
