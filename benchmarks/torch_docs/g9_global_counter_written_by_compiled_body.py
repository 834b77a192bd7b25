# source: https://docs.pytorch.org/docs/stable/torch.compiler_troubleshooting.html
# framework: PyTorch
# property: (as g1) a global int the compiled body reads and itself steps on every call (`global
# CALLS; CALLS += 1`) fails its guard on every call: Dynamo replays the write (the count is
# right) and recompiles each call up to the limit.
# verify: c.CALLS == e.CALLS
# verify: c.torch['step'] >= 8
import torch

CALLS = 0


@torch.compile
def step(x):
    global CALLS
    CALLS += 1  # label[a]: ACC5
    loss = (x * 2).sum()
    return loss


for _ in range(10):
    step(torch.ones(3))  # label[a]
