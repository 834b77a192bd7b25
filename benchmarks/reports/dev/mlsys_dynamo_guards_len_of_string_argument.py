# source: https://github.com/shreyansh26/MLSys-Experiments/blob/HEAD/pytorch_internals/dynamo/guards.py
# framework: PyTorch
# Label: fine look-alike as to storms. An experiment from Dynamo's deep-dive page: `fn` multiplies
# by `len(b)` of a string argument; called with "Hello" then "Hi", Dynamo guards on the string
# and compiles once per string, two calls and two compiles, and the results equal eager ones.
# The author's code, results kept.
# label: none
# verify: close(c.r1, e.r1) and close(c.r2, e.r2)
# verify: c.torch['fn'] <= 2
import torch

@torch.compile
def fn(a, b):
    return a * len(b)

r1 = fn(torch.arange(10), "Hello")
r2 = fn(torch.arange(10), "Hi")
