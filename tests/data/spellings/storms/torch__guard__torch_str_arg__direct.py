# spelling: framework=torch axis=guard component=torch_str_arg reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 14: 4 -> 8
# label: storm line=14
import torch

@torch.compile
def by_mode(v, mode):
    return v * 2.0 if mode.endswith("0") else v - 1.0


def run(n):
    x = torch.ones(3)
    for i in range(n):
        by_mode(x, f"mode{i}")
