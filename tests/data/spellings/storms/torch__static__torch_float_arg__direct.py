# spelling: framework=torch axis=static component=torch_float_arg reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 14: 0 -> 1
# label: fine
import torch

@torch.compile
def plain(v, k):
    return v * k


def run(n):
    x = torch.ones(3)
    for i in range(n):
        plain(x, i * 0.5 + 0.25)
