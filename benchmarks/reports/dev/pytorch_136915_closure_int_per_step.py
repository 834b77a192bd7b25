# source: https://github.com/pytorch/pytorch/issues/136915
# framework: PyTorch
# `h` is compiled and called with a new closure `f(i)` on every pass; the closure's int cell
# changes each time. The report: Dynamo never made closure ints dynamic, so each pass
# recompiled (up to the limit). Fixed by pytorch#137043: torch 2.13 builds two graphs (the
# second dynamic) for the ten passes. Fine today. The loop is the report's own
# `range(10)`; CUDA dropped.
# label: none
# verify: c.torch['h'] <= 3
import torch


def f(x):
    def g(y):
        return y + x
    return g


@torch.compile
def h(x, g):
    return g(x)


for i in range(10):
    h(torch.randn(5), f(i))
