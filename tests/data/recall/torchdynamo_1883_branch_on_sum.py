# source: https://github.com/pytorch/torchdynamo/issues/1883
# A branch on `x.sum()` in a compiled function is data-dependent control flow: a graph break.
import torch


def toy_example(a, b):
    x = torch.add(a, 33)
    y = x.sum()
    if y < 0:  # missed: ACC201
        x = torch.add(x, 55)
    x = torch.add(x, b)
    return x


compiled = torch.compile(toy_example)
compiled(torch.randn(10), torch.randn(10))
