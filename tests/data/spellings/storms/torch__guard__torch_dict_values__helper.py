# spelling: framework=torch axis=guard component=torch_dict_values reach=helper written-as=look-alike
# run (4 -> 8 passes, traces per line): line 12: 2 -> 1
# label: fine
import torch

@torch.compile
def by_keys(v, weights):
    return v * sum(weights.values())


def step(x, i):
    by_keys(x, {"k": float(i)})


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
