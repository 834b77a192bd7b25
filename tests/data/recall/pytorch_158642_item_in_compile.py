# source: https://github.com/pytorch/pytorch/issues/158642
# `.item()` in a compiled function breaks the graph (an error under fullgraph=True).
import torch


@torch.compile(fullgraph=True)
def scale(x):
    n = x.sum().item()  # expect: ACC303
    return x / n
