# source: https://github.com/pytorch/pytorch/issues/124269
# framework: PyTorch
# "Function's created via exec() raise recompilation warning and cache_size_limit error": the
# reporter creates many functions from one source string with `exec()` and compiles each with
# `torch.compile(op, fullgraph=True)` in a loop, calling each once; every pass makes a new
# compiled callable, and the wrapper shared by exec-made functions counted them as recompiles
# of one frame until "cache_size_limit reached". The report's code, twenty passes.
# verify: c.torch['op'] >= 8 or c.error is not None
import torch

code = """
import torch
def op(x):
    return torch.mean(x)
"""

error = None
try:
    for _ in range(20):
        scope = {}
        exec(code, scope, scope)
        op = scope["op"]

        op = torch.compile(op, fullgraph=True)  # label[g]: ACC5

        op(torch.zeros((3,)))  # label[g]
except Exception as exc:
    error = type(exc).__name__
print(error)
