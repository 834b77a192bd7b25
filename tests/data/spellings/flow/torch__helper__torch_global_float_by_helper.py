# spelling: framework=torch axis=helper component=torch_global_float_by_helper reach=helper written-as=look-alike
# run (4 -> 8 passes, traces per line): line 40: 2 -> 1
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


SCALE = 1.0


@torch.compile
def scaled(v):
    return v * SCALE


def set_scale(i):
    global SCALE
    SCALE = 0.5 * i + 1.0


def run(n):
    x = torch.ones(3)
    for i in range(n):
        set_scale(i)
        scaled(x)
