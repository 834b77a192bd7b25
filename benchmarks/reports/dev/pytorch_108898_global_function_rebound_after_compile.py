# source: https://github.com/pytorch/pytorch/pull/109203
# framework: PyTorch
# The pull request's issue (#108898, "Missing guard on global function"): the compiled `foo`
# calls the global `some_fn`; after the first call `some_fn` is rebound to a lambda, and the
# compiled `foo` still computed with the old one (21.84 against 1.54 expected; torch 2.1). On
# torch 2.13 the global is guarded: `foo` recompiles and both results match the plain `foo`.
# Fine today. The report's script: each compiled result next to the plain `foo`'s (fullgraph
# refuses to run with compilation switched off, so the eager values come from the same run).
# label: none
# verify: close(c.first, c.expected1) and close(c.second, c.expected2) and c.torch['foo'] == 2
import torch


def some_fn(x):
    return torch.sin(x) + 20


def foo(x, y):
    x = some_fn(x)

    def add(x, y):
        return x + y

    return add(x, y)


x = torch.ones(1,)
y = torch.ones(1,)

opt = torch.compile(foo, fullgraph=True, backend="aot_eager")
first, expected1 = opt(x, y), foo(x, y)

some_fn = lambda x: torch.cos(x)

second, expected2 = opt(x, y), foo(x, y)
print("ACTUAL:", second, " EXPECTED:", expected2)
