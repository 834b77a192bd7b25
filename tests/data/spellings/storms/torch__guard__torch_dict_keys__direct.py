# spelling: framework=torch axis=guard component=torch_dict_keys reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 14: 4 -> 8
# label: storm line=14
import torch

@torch.compile
def by_keys(v, weights):
    return v * sum(weights.values())


def run(n):
    x = torch.ones(3)
    for i in range(n):
        by_keys(x, {f"k{i}": 1.0})
