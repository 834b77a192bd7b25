# spelling: framework=torch axis=guard component=torch_object_attribute reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 22: 2 -> 1
# label: fine
import torch

class Config:
    steps = 0


CONFIG = Config()


@torch.compile
def by_config(v, config):
    return v * config.steps


def run(n):
    x = torch.ones(3)
    for i in range(n):
        CONFIG.steps = i + 1
        by_config(x, CONFIG)
