# source: https://github.com/shreyansh26/MLSys-Experiments/blob/HEAD/pytorch_internals/dynamo/graph_tracing.py
# framework: PyTorch
# Label: fine look-alike as to storms. From Dynamo's deep-dive page: `fn(x, n)` branches on the
# Python int `n >= 0` and scales by `n + 1`; called with n = 2, 3, -2, 4, Dynamo specialises on
# 2, makes `n` dynamic at 3 (automatic dynamic shapes), and compiles the negative branch once:
# a bounded number of compiles for four calls, results equal to eager. The author's code,
# results kept.
# label: none
# verify: close(c.results, e.results)
# verify: c.torch['fn'] <= 3
import torch

@torch.compile
def fn(x, n):
    y = x ** 2
    if n >= 0:
        return (n + 1) * y
    else:
        return y / n

torch.manual_seed(0)  # added: the compiled and eager runs draw the same inputs
x = torch.randn(200)
results = [fn(x, 2), fn(x, 3), fn(x, -2), fn(x, 4)]
