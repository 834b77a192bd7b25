# spelling: framework=torch axis=static component=torch_bool_arg reach=helper written-as=look-alike
# run (4 -> 8 passes, traces per line): line 12: 2 -> 2
# label: fine
import torch

@torch.compile
def by_flag(v, flag):
    return v * 2.0 if flag else v - 1.0


def step(x, i):
    by_flag(x, i % 2 == 0)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
