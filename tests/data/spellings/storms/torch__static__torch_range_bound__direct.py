# spelling: framework=torch axis=static component=torch_range_bound reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 17: 4 -> 8
# label: storm line=17
import torch

@torch.compile
def repeat(v, k):
    v = v * 2.0  # a graph even when k is 0
    for _ in range(k):
        v = v + 1
    return v


def run(n):
    x = torch.ones(3)
    for i in range(n):
        repeat(x, i)
