# source: https://github.com/pytorch/pytorch/issues/108898
# framework: PyTorch
# `foo` calls the global function `some_fn`; after the first compiled call the program rebinds
# `some_fn` to a lambda. In torch 2.1 Dynamo installed no guard on the global function, so the
# compiled `foo` kept computing `sin(x) + 20` (a hidden input captured at trace time). torch 2.13
# guards it: `foo` is compiled again after the rebinding and agrees with eager. Fine today.
# `backend='aot_eager'` is dropped (verify.py counts graphs with its own eager backend); the
# eager result is the report's own `foo(x, y)` after the rebinding (no eager twin: with
# compilation disabled, `fullgraph=True` refuses to run).
# label: none
# verify: close(c.actual_after, c.expected_after)
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

opt = torch.compile(foo, fullgraph=True)
print("ACTUAL:", opt(x, y), " EXPECTED:", foo(x, y))

# Change some_fn
some_fn = lambda x: torch.cos(x)

actual_after = opt(x, y)
expected_after = foo(x, y)
print("ACTUAL:", actual_after, " EXPECTED:", expected_after)
