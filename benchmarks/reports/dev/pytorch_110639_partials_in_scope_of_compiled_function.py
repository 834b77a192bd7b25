# source: https://github.com/pytorch/pytorch/issues/110639
# framework: PyTorch
# The pull request's test script (the address is the draw's; GitHub serves the pull request
# at it): `foo` defines two `functools.partial`s (unused by the traced computation) around a
# graph break in `inner`. The discussion is about how Dynamo guards the
# partials; one call, no cache miss to cause, and the compiled result equals the eager one. Fine.
# (A seed is set so that the eager twin draws the same input.)
# label: none
# verify: close(c.result, e.result)
import torch
from functools import partial

def bar(x, **kwargs):
    return x + x

@torch.compile(backend="eager", dynamic=True)
def foo(x, i):
    def inner():
        print("this is a graph_break")
        return x * 2
        return op(x)

    op = partial(bar, dim=10)
    x = inner()
    op = partial(bar, other=10)
    return inner() + x

torch.manual_seed(0)
result = foo(torch.rand(1), 10)
