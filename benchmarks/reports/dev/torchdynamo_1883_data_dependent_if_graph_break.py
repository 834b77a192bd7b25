# source: https://github.com/pytorch/torchdynamo/issues/1883
# framework: PyTorch
# `if y < 0` on a tensor in a compiled function is data-dependent control flow: Dynamo breaks
# the graph there and runs the `if` in Python, so the result is the eager one for either sign
# (the thread is about `allow_in_graph`, which cannot remove the break). Fine under
# torch.compile without fullgraph.
# label: none
# verify: close(c.outs, e.outs) and sum(c.torch.values()) <= 4
import torch


def toy_example(a, b):
    x = torch.add(a, 33)
    y = x.sum()
    if y < 0:
        x = torch.add(x, 55)
    x = torch.add(x, b)
    return x


opt = torch.compile(toy_example, backend="eager")
outs = [opt(torch.full((10,), v), torch.ones(10)) for v in (1.0, -10.0, 2.0, -20.0)]
