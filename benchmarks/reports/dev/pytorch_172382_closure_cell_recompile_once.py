# source: https://github.com/pytorch/pytorch/issues/172382
# framework: PyTorch
# "[dynamo] Include closure cell name in recompilation reasons": the compiled `fn(cl, x)` is
# called with `make_cl(0, 1)` then `make_cl(0, 2)`; the guard on the closure cell fails and
# `fn` recompiles once, with the right value. The issue asks only for a better message. The
# issue's code; two calls, two graphs, eager results.
# label: none
# verify: c.torch['fn'] == 2 and close(c.results, e.results)
import torch


def make_cl(n1, n2):
    def inner(x):
        return x + n1 + n2

    return inner


@torch.compile(backend="eager")
def fn(cl, x):
    return cl(x)


results = [fn(make_cl(0, 1), torch.ones(3)), fn(make_cl(0, 2), torch.ones(3))]
print(results)
