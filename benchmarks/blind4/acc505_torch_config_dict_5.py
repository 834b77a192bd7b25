# source: blind58:acc505_torch_config_dict_5
# framework: PyTorch
# A module-level config dict holds the number of unrolled solver steps; a curriculum helper
# writes a larger number each round, and the compiled solver loops over range() of it. The
# dict item is guarded by value, so each round recompiles.
# verify: c.torch['solve'] >= 8
import torch

CONFIG = {"unroll": 1}


@torch.compile
def solve(x):
    for _ in range(CONFIG["unroll"]):  # label[g]
        x = x - 0.1 * (x ** 2 - 2.0)
    return x


def curriculum(round_):
    CONFIG.update(unroll=round_ + 1)


results = []
for round_ in range(10):
    curriculum(round_)
    results.append(solve(torch.ones(2)))  # label[g]: ACC505
