# spelling: framework=torch axis=static component=torch_range_bound reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 15: 4 -> 8
# label: storm line=15
import torch

@torch.compile
def repeat(v, k):
    v = v * 2.0  # a graph even when k is 0
    for _ in range(k):
        v = v + 1
    return v


def step(x, i):
    repeat(x, i)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
