# spelling: framework=torch axis=object component=torch_object_int_attribute reach=object written-as=look-alike
# run (4 -> 8 passes, traces per line): line 36: 2 -> 1
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


class Cfg:
    def __init__(self, k):
        self.k = k


@torch.compile
def apply(cfg, v):
    return v * cfg.k


def run(n):
    x = torch.ones(3)
    for i in range(n):
        apply(Cfg(i + 1), x)
