# source: https://docs.pytorch.org/docs/stable/torch.compiler_troubleshooting.html
# framework: PyTorch
# property: a module-level list the compiled body appends to is guarded on its length (Dynamo
# replays the append, so the list grows): every call recompiles up to the limit (pytorch#93724).
# spelling: a loss log appended inside the compiled step, the loop at module level.
# verify: len(c.LOSSES) == len(e.LOSSES)
# verify: c.torch['step'] >= 8
import torch

LOSSES = []


@torch.compile
def step(x):
    loss = (x * 2).sum()
    LOSSES.append(loss)  # label[a]: ACC5
    return loss


for _ in range(10):
    step(torch.ones(3))  # label[a]
