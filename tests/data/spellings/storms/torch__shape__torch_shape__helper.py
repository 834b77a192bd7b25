# spelling: framework=torch axis=shape component=torch_shape reach=helper written-as=look-alike
# run (4 -> 8 passes, traces per line): line 12: 2 -> 2
# label: fine
import torch

@torch.compile
def plain(v, k):
    return v * k


def step(x, i):
    plain(torch.ones(i + 1), 2)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
