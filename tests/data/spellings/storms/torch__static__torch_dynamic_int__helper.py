# spelling: framework=torch axis=static component=torch_dynamic_int reach=helper written-as=look-alike
# run (4 -> 8 passes, traces per line): line 14: 1 -> 1
# label: fine
import torch

def _dyn(v, k):
    return v * k


dyn = torch.compile(_dyn, dynamic=True)


def step(x, i):
    dyn(x, i)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
