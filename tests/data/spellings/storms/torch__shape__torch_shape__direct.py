# spelling: framework=torch axis=shape component=torch_shape reach=direct written-as=look-alike
# run (4 -> 8 passes, traces per line): line 14: 2 -> 2
# label: fine
import torch

@torch.compile
def plain(v, k):
    return v * k


def run(n):
    x = torch.ones(3)
    for i in range(n):
        plain(torch.ones(i + 1), 2)
