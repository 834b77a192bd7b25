# source: https://github.com/pytorch/pytorch/pull/6554
# framework: PyTorch
# "Trace size-dependent expressions correctly" (2018): before it, tracing `x.view(x.size(1), -1)`
# embedded the value of `x.size(1)` in the trace; since, `.size()` under tracing records the
# dependency on the input. Run on torch 2.13: the traced function reshapes an input of another
# size as eager does. Fine.
# label: none
# verify: c.error is None and c.same
import torch


def fn(x):
    return x.view(x.size(1), -1)


error = None
same = False
try:
    traced = torch.jit.trace(fn, torch.randn(2, 3, 4))
    x2 = torch.randn(5, 6, 4)
    same = bool(torch.equal(traced(x2), fn(x2)))
except Exception as exc:
    error = type(exc).__name__
print(error, same)
