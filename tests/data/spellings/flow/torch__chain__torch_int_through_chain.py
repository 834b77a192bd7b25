# spelling: framework=torch axis=chain component=torch_int_through_chain reach=chain written-as=look-alike
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
        plain(x, int(i * 1.5) + 1)
