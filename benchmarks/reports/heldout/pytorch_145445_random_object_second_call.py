# source: https://github.com/pytorch/pytorch/issues/145445
# framework: PyTorch
# "[dynamo] `random.Random` gives wrong result on second call": "Dynamo generates RNG on
# `random.Random` objects by creating a new object and applying the RNG state at the time of
# tracing". The issue's test: `fn(x, rng)` returns `x + rng.randint(1, 100)`, compiled with
# `fullgraph=True`, called three times with a `random.Random(0)` while an eager twin object
# draws alongside; on torch 2.13 the compiled calls after the first repeat the trace-time draw
# and the object's state falls behind.
# verify: c.draws[1] == c.draws[0] and e.draws[1] != e.draws[0]
import os
import random

import torch

FULLGRAPH = os.environ.get("TORCH_COMPILE_DISABLE") != "1"  # the eager twin cannot run fullgraph


def fn(x, rng):
    return x + rng.randint(1, 100)  # label: ACC1


opt_fn = torch.compile(fn, backend="eager", fullgraph=FULLGRAPH)
inp = torch.zeros(1)
rng2 = random.Random(0)
draws = [int(opt_fn(inp, rng2).item()) for _ in range(3)]
print(draws)
