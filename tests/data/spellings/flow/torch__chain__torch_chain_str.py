# spelling: framework=torch axis=chain component=torch_chain_str reach=chain written-as=hazard
# run (4 -> 8 passes, traces per line): line 31: 4 -> 8
# label: storm line=31
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


@torch.compile
def tagged(v, tag):
    return v * len(tag)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        tagged(x, "step" + str(i * 2))
