# spelling: framework=torch axis=guard component=torch_tuple_int_arg reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 12: 2 -> 1
# label: fine
import torch

@torch.compile
def by_pair(v, pair):
    return v * pair[0] + pair[1]


def step(x, i):
    by_pair(x, (i, 2))


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
