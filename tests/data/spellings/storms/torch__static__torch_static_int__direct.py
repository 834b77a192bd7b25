# spelling: framework=torch axis=static component=torch_static_int reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 16: 4 -> 8
# label: storm line=16
import torch

def _fixed(v, k):
    return v * k


fixed = torch.compile(_fixed, dynamic=False)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        fixed(x, i)
