# spelling: framework=torch axis=static component=torch_float_arg reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 12: 2 -> 1
# label: fine
import torch

@torch.compile
def plain(v, k):
    return v * k


def step(x, i):
    plain(x, i * 0.5 + 0.25)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
