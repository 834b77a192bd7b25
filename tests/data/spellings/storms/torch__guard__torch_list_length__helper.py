# spelling: framework=torch axis=guard component=torch_list_length reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 12: 4 -> 8
# label: storm line=12
import torch

@torch.compile
def summed(v, parts):
    return v + sum(parts)


def step(x, i):
    summed(x, [x] * (i + 1))


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
