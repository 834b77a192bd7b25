# spelling: framework=torch axis=shape component=probe_torch_shape_static reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 16: 4 -> 8
# label: storm line=16
import torch

def _fixed(v, k):
    return v * k


fixed = torch.compile(_fixed, dynamic=False)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        fixed(torch.ones(i + 1), 2)
