# source: https://github.com/pytorch/pytorch/issues/133944
# framework: PyTorch
# "torch.compile 'run at compile time' decorator": `f` adds a cached constant made by
# `create_pi()`; "If you use `@lru_cache` we completely ignore the decorator and run the
# function every time". The value is the same either way: the cache is a cost question. The
# feature request's example on CPU with `functools.lru_cache`, compiled and eager.
# label: none
# verify: close(c.results, e.results) and c.torch['f'] == 1
import functools

import torch


@functools.lru_cache
def create_pi():
    return torch.ones((), dtype=torch.float32) * 3.14159265358979323846


def f(x):
    y = create_pi()
    return x + y


opt_fn = torch.compile(f)
results = [opt_fn(torch.ones(4)) for _ in range(3)]
print(results[-1])
