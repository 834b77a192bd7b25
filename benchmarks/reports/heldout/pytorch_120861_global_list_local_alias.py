# source: https://github.com/pytorch/pytorch/pull/120861
# framework: PyTorch
# "[dynamo] fix silent incorrectness caused by variable tracker caching": `f(lst, x)` returns
# `x + global_list[-1] + lst[-1]`, compiled with `fullgraph=True` and called with a local alias
# of `global_list`, then with a reversed copy, a shorter list and a longer one; the guards used to
# miss the alias. Run on torch 2.13: the compiled function returns 7 for all four calls, the
# value of the first, where eager gives 7, 5, 6, 6. The graph built for the alias keeps the last
# element it read through `global_list` and `lst` as constants, and the guards installed for the
# alias do not fail for the other lists: the compiled calls read a stale value.
# verify: not close(c.res, c.ref) and close(e.res, e.ref)
import os

import torch

FULLGRAPH = os.environ.get("TORCH_COMPILE_DISABLE") != "1"  # the eager twin cannot run fullgraph
global_list = [1, 2, 3]


def f(lst, x):
    return x + global_list[-1] + lst[-1]  # label: ACC6


local_alias = global_list
x = torch.ones(1)
opt_fn = torch.compile(f, backend="eager", fullgraph=FULLGRAPH)
args = [local_alias, list(reversed(global_list)), [1, 2], [1, 2, 3, 2]]
res = [opt_fn(a, x) for a in args]
ref = [f(a, x) for a in args]
print([r.item() for r in res])
