# source: https://github.com/pytorch/pytorch/issues/131893
# framework: PyTorch
# A tensor argument the compiled function never uses still gets a static shape guard, so a
# second call with another size of `y` recompiles once ("this triggers a recompile from y's size
# change even though y isn't used at all"). Two calls: bounded (automatic dynamic shapes after
# the first recompile). A fine look-alike; the report's code.
# label: none
# verify: 1 <= sum(c.torch.values()) <= 2
import torch


@torch.compile(fullgraph=True, backend='eager')
def f(x, y):
    z = y
    return x * 2


f(torch.randn(3), torch.randn(4))
f(torch.randn(3), torch.randn(6))
