# spelling: framework=torch axis=chain component=torch_float_argument reach=chain written-as=look-alike
# run (4 -> 8 passes, traces per line): line 26: 2 -> 1
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
    for i in range(n):
        plain(x, 0.1 * i + 0.5)
