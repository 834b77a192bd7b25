# source: https://github.com/pytorch/pytorch/issues/128954
# framework: PyTorch
# "[Dynamo] Maybe we shouldn't attempt to recursively compile inside of a frame if the frame hit
# cache limit": a program `f(x)` calls `g1`, `g2`, `g3`; it is fully compilable, "but for some
# reason, we are overspecializing and so every subsequent iteration to f generates a new compiled
# program": f hits the cache limit, then Dynamo compiles g1, g2 and g3 one by one, each also up to
# the limit. Reduced to that structure, the overspecialization spelt as a Python int argument that
# changes every iteration (the step number) of a function compiled with `dynamic=False`, so every
# new int fails a guard. On torch 2.13 f recompiles up to the limit (8 graphs for 8 steps) and then
# runs eagerly with its callees (the inner frames are no longer compiled one by one, the fix the
# thread asked for): the storm of f remains.
# verify: c.torch['f'] >= 8 and close(c.outs, e.outs)
import torch


def g1(x, step):
    return x * step


def g2(x, step):
    return x + step


def g3(x, step):
    return x.sin() * step


@torch.compile(dynamic=False)
def f(x, step):
    x = g1(x, step)
    x = g2(x, step)
    return g3(x, step)


outs = []
x = torch.ones(3)
for step in range(20):
    outs.append(f(x, step))  # label: ACC5
print(len(outs))
