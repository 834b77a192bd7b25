# spelling: framework=torch axis=guard component=torch_global_float reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 17: 2 -> 1
# label: fine
import torch

SCALE = 1.0


@torch.compile
def by_scale(v):
    return v * SCALE


def step(x, i):
    global SCALE
    SCALE = i * 0.5 + 0.25
    by_scale(x)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
