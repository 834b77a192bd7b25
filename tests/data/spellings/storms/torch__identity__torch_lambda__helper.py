# spelling: framework=torch axis=identity component=torch_lambda reach=helper written-as=look-alike
# run (4 -> 8 passes, traces per line): line 8: 1 -> 1
# label: fine
import torch


def step(x, i):
    torch.compile(lambda v: v * 2.0)(x)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
