# source: https://github.com/pytorch/pytorch/issues/131975
# framework: PyTorch
# Under `torch.no_grad()`, setting `a.requires_grad_(True)` between two calls makes the
# compiled `f` recompile once (a requires_grad guard), though the flag does not matter there.
# One recompile, then hits; results equal eager. Fine. (1024x1024 inputs lowered to 64x64.)
# label: none
# verify: sum(c.torch.values()) <= 2 and close(c.result, e.result)
import torch


@torch.compile()
def f(a, b):
    return (a + b).clip(0)


torch.manual_seed(0)
a = torch.randn(64, 64)
b = torch.randn(64, 64)

with torch.no_grad():
    f(a, b)
    a.requires_grad_(True)
    f(a, b)
    result = f(a, b)
