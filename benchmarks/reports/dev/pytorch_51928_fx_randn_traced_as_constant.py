# source: https://github.com/pytorch/pytorch/pull/51928
# framework: PyTorch
# "[FX] Make some modifications to limitation section": the FX docs on nondeterministic
# constructors: `torch.randn(shape)` in a symbolically traced function whose arguments it does not
# take is run once while tracing and its result embedded in the graph (the docs' fix: wrap it in
# `torch.fx.wrap`). The traced function then adds the same noise on every call. The docs'
# function, traced, and the wrapped version beside it.
# verify: c.distinct_plain == 1 and c.distinct_wrapped == 3
import torch
import torch.fx as fx


def f(x):
    return x + torch.randn(5)  # label: ACC1


@torch.fx.wrap
def torch_randn(x, shape):
    return torch.randn(shape)


def g(x):
    return x + torch_randn(x, 5)


traced_f = fx.symbolic_trace(f)
traced_g = fx.symbolic_trace(g)
x = torch.zeros(5)
distinct_plain = len({tuple(traced_f(x).tolist()) for _ in range(3)})
distinct_wrapped = len({tuple(traced_g(x).tolist()) for _ in range(3)})
