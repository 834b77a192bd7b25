# source: https://github.com/pytorch/pytorch/pull/119292
# framework: PyTorch
# "Print full exception info in Graph break log": the PR's sample program compiles `f`, which
# calls `g`, where `y = x.item()` is followed by `if y < 3:`. With
# `capture_scalar_outputs = True` the `.item()` is captured, but branching on its value guards
# on a data-dependent symbol, and Dynamo breaks the graph there (the log the PR improves). The
# sample program, called with values on both sides of the branch: right results, split graphs.
# verify: sum(c.torch.values()) >= 2 and close(c.results, e.results)
import torch
import torch._dynamo.config

torch._dynamo.config.capture_scalar_outputs = True


def g(x, y):
    y = x.item()
    if y < 3:  # label: ACC2
        return x + 2
    else:
        return x + 3


@torch.compile()
def f(x, y):
    y = y * y
    return g(x, y)


results = [f(torch.tensor(4), torch.randn(4)).item(), f(torch.tensor(1), torch.randn(4)).item()]
print(results)
