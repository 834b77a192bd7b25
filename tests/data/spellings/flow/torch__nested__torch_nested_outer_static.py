# spelling: framework=torch axis=nested component=torch_nested_outer_static reach=nested written-as=hazard
# run (4 -> 8 passes, traces per line): line 27: 4 -> 8
# label: storm line=27
import torch

@torch.compile
def plain(v, k):
    return v * k


@torch.compile
def summed(v):
    return v.sum()


def _fixed(v, k):
    return v * k


fixed = torch.compile(_fixed, dynamic=False)


def run(n):
    x = torch.ones(3)
    for epoch in range(n):
        for b in range(2):
            fixed(x, epoch)
