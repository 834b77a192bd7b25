# spelling: framework=torch axis=static component=torch_factory_str reach=factory_function written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 25: 4 -> 8
# label: storm line=25
import functools

import torch


def body(v, k):
    return v * k


def tagged(v, tag):
    return v * len(tag)


def make():
    return torch.compile(tagged)


def run(n):
    x = torch.ones(3)
    f = make()
    for i in range(n):
        f(x, f"step{i}")
