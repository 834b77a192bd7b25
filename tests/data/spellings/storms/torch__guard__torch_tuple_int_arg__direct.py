# spelling: framework=torch axis=guard component=torch_tuple_int_arg reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 14: 2 -> 1
# label: fine
import torch

@torch.compile
def by_pair(v, pair):
    return v * pair[0] + pair[1]


def run(n):
    x = torch.ones(3)
    for i in range(n):
        by_pair(x, (i, 2))
