# source: https://docs.pytorch.org/docs/stable/torch.compiler_troubleshooting.html
# framework: PyTorch
# property: look-alike of g9/g10: a global TENSOR rebound by the compiled body on every call is
# guarded by shape and dtype, not value: Dynamo replays the write, one graph.
# label: none
# verify: close(c.TOTAL, e.TOTAL)
# verify: c.torch['step'] <= 1
import torch

TOTAL = torch.zeros(())


@torch.compile
def step(x):
    global TOTAL
    loss = (x * 2).sum()
    TOTAL = TOTAL + loss.detach()
    return loss


for _ in range(10):
    step(torch.ones(3))
