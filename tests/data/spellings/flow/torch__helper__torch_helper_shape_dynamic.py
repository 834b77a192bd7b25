# spelling: framework=torch axis=helper component=torch_helper_shape_dynamic reach=helper written-as=look-alike
# run (4 -> 8 passes, traces per line): line 30: 2 -> 2
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


def batch(i):
    return torch.ones(i + 1)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        summed(batch(i))
