# source: https://github.com/shreyansh26/MLSys-Experiments/blob/HEAD/pytorch_internals/dynamo/guard_origin_on_symbolic_ints.py
# framework: PyTorch
# Label: fine look-alike. From Dynamo's deep-dive page: with `dynamic=True`, a branch on
# `a.shape[0] * 2 < 16` adds a guard on the symbolic size (`2*s0 >= 16`) instead of baking the
# branch; the author calls it once with size 8. A call with size 4 (the other branch) is added:
# it recompiles once and returns the right branch, as eager does.
# label: none
# verify: close(c.r8, e.r8) and close(c.r4, e.r4) and c.torch['fn'] <= 2
import torch

@torch.compile(dynamic=True)
def fn(a):
    if a.shape[0] * 2 < 16:
        return a
    else:
        return a + 1

r8 = fn(torch.ones(8))
r4 = fn(torch.ones(4))
