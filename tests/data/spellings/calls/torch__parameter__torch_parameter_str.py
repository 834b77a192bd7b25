# spelling: framework=torch axis=static component=torch_parameter_str reach=parameter written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 19: 4 -> 8
# label: storm line=19
import functools

import torch


def body(v, k):
    return v * k


def tagged(v, tag):
    return v * len(tag)


def train(step_fn, x, n):
    for i in range(n):
        step_fn(x, str(i))


def run(n):
    train(torch.compile(tagged), torch.ones(3), n)
