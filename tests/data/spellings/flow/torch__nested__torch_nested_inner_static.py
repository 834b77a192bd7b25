# spelling: framework=torch axis=nested component=torch_nested_inner_static reach=nested written-as=look-alike
# run (4 -> 8 passes, traces per line): line 27: 2 -> 2
# label: fine
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
            fixed(x * epoch, b)
