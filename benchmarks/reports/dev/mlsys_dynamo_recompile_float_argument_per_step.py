# source: https://github.com/shreyansh26/MLSys-Experiments/blob/HEAD/pytorch_internals/dynamo/recompile_int.py
# framework: PyTorch
# Label: fine look-alike as to storms, by the run. The author copied a recompilation example from a
# PyTorch note (`fn(x, c)` called with `torch.ones(i)` and the float `0.5 + i` for i in 1..9,
# "Recompiling function fn ... L['c'] == 8.5 ... hit config.cache_size_limit (8)") and wrote "I
# don't find the above outputs when running the code". Run on torch 2.13 the author is right: the
# second size and the second float make both dynamic (automatic dynamic shapes), so nine calls
# compile twice, not nine times. The author's first example, unchanged.
# label: none
# verify: c.torch['fn'] <= 3
import torch

@torch.compile
def fn(x, c):
    return x + c

for i in range(1, 10):
    fn(torch.ones(i), 0.5 + i)
