# spelling: framework=torch axis=static component=torch_dynamic_int reach=direct written-as=look-alike
# run (4 -> 8 passes, traces per line): line 16: 1 -> 1
# label: fine
import torch

def _dyn(v, k):
    return v * k


dyn = torch.compile(_dyn, dynamic=True)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        dyn(x, i)
