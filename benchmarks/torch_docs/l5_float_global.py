# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: look-alike of g1: a float global rebound every pass compiles twice (dynamic).
# label: none
# verify: c.torch['step'] <= 2
import torch

LR = 0.1


@torch.compile
def step(w, g):
    return w - LR * g


w = torch.zeros(3)
for epoch in range(10):
    LR = 0.1 * 0.9 ** epoch
    w = step(w, torch.ones(3))
