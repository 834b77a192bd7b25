# source: https://github.com/pytorch/pytorch/issues/196437
# framework: PyTorch
# A compiled function draws from a persistent `random.Random` passed to it
# (`x + rng.randint(1, 100)`), called with the input shapes [1] -> [1, 5] -> [2, 2] -> [2, 3]
# under `dynamic=True`. Eager draws four values (torch 2.13: 50, 98, 54, 6); compiled, the fourth
# call hits the cache of the third and repeats its trace-time draw (50, 98, 54, 54): Dynamo baked
# the draw into the graph instead of replaying it on the live object. The report's larger harness
# (fp64 reference, inductor) is cut to the draw.
# verify: c.draws[3] == c.draws[2] and e.draws[3] != e.draws[2]
import random

import torch


def fn(x, rng):
    return x + rng.randint(1, 100)  # label: ACC1


shapes = [(1,), (1, 5), (2, 2), (2, 3)]
opt_fn = torch.compile(fn, backend="eager", dynamic=True)
rng = random.Random(0)
draws = [opt_fn(torch.zeros(shape), rng).flatten()[0].item() for shape in shapes]
print(draws)
