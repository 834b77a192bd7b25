# spelling: framework=torch axis=static component=torch_static_int reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 14: 4 -> 8
# label: storm line=14
import torch

def _fixed(v, k):
    return v * k


fixed = torch.compile(_fixed, dynamic=False)


def step(x, i):
    fixed(x, i)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
