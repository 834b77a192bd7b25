# spelling: framework=torch axis=guard component=torch_list_length reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 14: 4 -> 8
# label: storm line=14
import torch

@torch.compile
def summed(v, parts):
    return v + sum(parts)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        summed(x, [x] * (i + 1))
