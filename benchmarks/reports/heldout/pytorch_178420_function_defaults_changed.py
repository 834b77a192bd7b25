# source: https://github.com/pytorch/pytorch/pull/178420
# framework: PyTorch
# Dynamo's "Guard on constant func __defaults__ to fix stale graph reuse": a compiled function
# read a default argument's value while tracing, and when the program changed the function's
# `__defaults__` afterwards, the compiled graph was reused with the old default. The run changes
# the default between two calls and compares with the eager run: on torch 2.13 the change is a
# guard failure, the function is compiled again and returns the eager result. Fine today.
# label: none
# verify: close(c.second, e.second) and c.torch['scale'] == 2
import torch


def scale(x, factor=2.0):
    return x * factor


compiled = torch.compile(scale)
x = torch.ones(3)
first = compiled(x)
scale.__defaults__ = (5.0,)
second = compiled(x)
print(first, second)
