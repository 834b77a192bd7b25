# spelling: framework=torch axis=guard component=torch_str_two_valued reach=direct written-as=look-alike
# run (4 -> 8 passes, traces per line): line 14: 2 -> 2
# label: fine
import torch

@torch.compile
def by_mode(v, mode):
    return v * 2.0 if mode.endswith("0") else v - 1.0


def run(n):
    x = torch.ones(3)
    for i in range(n):
        by_mode(x, ("mode0", "mode1")[i % 2])
