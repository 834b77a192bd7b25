# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: (as g1) a global int used as a range() bound in the compiled body, changed every pass.
# spelling: a curriculum at module level grows the number of refinement steps each epoch.
# verify: c.torch['refine'] >= 8
import torch

N_REFINE = 1


@torch.compile
def refine(x):
    for _ in range(N_REFINE):
        x = x - 0.1 * torch.sin(x)
    return x


for epoch in range(10):
    N_REFINE = epoch + 1
    y = refine(torch.randn(5))  # label: ACC5
