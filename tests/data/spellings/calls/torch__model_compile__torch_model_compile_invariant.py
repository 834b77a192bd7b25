# spelling: framework=torch axis=guard component=torch_model_compile_invariant reach=model_compile written-as=look-alike loop=direct
# run (4 -> 8 passes, traces per line): line 27: 1 -> 1
# label: fine
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


def run(n):
    model = Scaled()
    model.compile()
    x = torch.ones(3)
    for i in range(n):
        model(x * i)
