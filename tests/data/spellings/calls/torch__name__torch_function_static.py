# spelling: framework=torch axis=static component=torch_function_static reach=name written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 19: 0 -> 8
# label: storm line=19
import functools

import torch


def body(v, k):
    return v * k


F = torch.compile(body, dynamic=False)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        F(x, i + 1)
