# spelling: framework=torch axis=guard component=torch_global_int reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 17: 4 -> 8
# label: storm line=17
import torch

STEP = 0


@torch.compile
def by_global(v):
    return v * STEP


def step(x, i):
    global STEP
    STEP = i + 1
    by_global(x)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
