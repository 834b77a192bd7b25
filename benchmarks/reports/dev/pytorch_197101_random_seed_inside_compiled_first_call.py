# source: https://github.com/pytorch/pytorch/issues/197101
# framework: PyTorch
# `random.seed(0)` then `random.random()` / `randint` inside a compiled function: eagerly every
# call returns the seeded values; the report's compiled function returned values of an
# unseeded stream on its first (compiling) call and the seeded ones after (torch 2.14). On
# torch 2.13 the first call already returns the seeded values, as eager does. Fine here.
# label: none
# verify: close(c.first, c.second) and close(c.first, e.first)
import random

import torch


def seed_fn(x):
    random.seed(0)
    return x + random.random(), random.randint(0, 100)


cfn = torch.compile(seed_fn)
random.seed(123)
first = cfn(torch.zeros(1))
second = cfn(torch.zeros(1))
print(first, second)
