# spelling: framework=torch axis=identity component=torch_lambda reach=direct written-as=look-alike
# run (4 -> 8 passes, traces per line): line 10: 1 -> 1
# label: fine
import torch


def run(n):
    x = torch.ones(3)
    for i in range(n):
        torch.compile(lambda v: v * 2.0)(x)
