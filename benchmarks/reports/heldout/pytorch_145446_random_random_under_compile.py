# source: https://github.com/pytorch/pytorch/issues/145446
# framework: PyTorch
# "[dynamo] fix graph break random.random": `fn(x)` returns `x + random.random()` under
# `torch.compile(backend="eager", fullgraph=True)`, which graph-breaks (an error with fullgraph);
# a later comment reports it fixed on main. On torch 2.13 the break is still there (fullgraph
# raises); compiled without fullgraph, the call runs eagerly at the break and draws a new value
# on every call, as eager does. Fine as run without fullgraph.
# label: none
# verify: c.distinct == 3 and e.distinct == 3
import random

import torch



@torch.compile(backend="eager", fullgraph=False)
def fn(x):
    return x + random.random()


random.seed(0)
vals = [float(fn(torch.zeros(1)).item()) for _ in range(3)]
distinct = len(set(vals))
print(vals)
