# source: https://github.com/pytorch/pytorch/issues/198189
# framework: PyTorch
# "`OrderedDict.move_to_end()` on a dict passed into a compiled function is silently dropped":
# `touch(cache, x)` marks "a" as most recently used with `cache.move_to_end("a")`; compiled
# (fullgraph, backend eager) the dict keeps its old order, "so an LRU cache evicts the wrong
# entry", while `cache["a"] = cache.pop("a")` is replayed. The report's two functions on torch
# 2.13, the key orders after the compiled call compared with a plain call of the same function
# (the eager twin cannot run them: `fullgraph=True` with compilation disabled raises).
# verify: c.orders[0] != c.eager_orders[0] and c.orders[1] == c.eager_orders[1]
import collections

import torch


def touch(cache, x):
    cache.move_to_end("a")  # mark "a" as most recently used  # label: ACC4
    return x + 1


def touch2(cache, x):
    cache["a"] = cache.pop("a")  # the same reorder, spelled with pop + reinsert
    return x + 1


orders, eager_orders = [], []
for fn in (touch, touch2):
    cache = collections.OrderedDict(a=1, b=2, c=3)
    compiled = torch.compile(fn, backend="eager", fullgraph=True)
    compiled(cache, torch.ones(2))
    orders.append(list(cache))
    cache = collections.OrderedDict(a=1, b=2, c=3)
    fn(cache, torch.ones(2))
    eager_orders.append(list(cache))
print(orders, eager_orders)
