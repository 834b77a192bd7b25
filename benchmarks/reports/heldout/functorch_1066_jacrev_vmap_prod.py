# source: https://github.com/pytorch/functorch/issues/1066
# framework: PyTorch
# label: none
# "Unable to compute derivatives due to calling .item()": computing the jacobian of a network
# under vmap raised "vmap: It looks like you're either (1) calling .item() on a Tensor or (2)
# attempting to use a Tensor in some data-dependent control flow", traced to
# `weights = interpolation_weights.prod(-1)`; the maintainers could not reproduce with a `prod`
# and: "This problem was likely fixed in PyTorch 1.13". Reduced to an interpolation whose
# weights are the product over the last axis, differentiated with `vmap(jacrev(...))`: on
# torch 2.13 it runs and matches a per-sample loop.
# verify: close(c.batched, c.looped)
import torch
from torch.func import jacrev, vmap


def interpolate(x):
    interpolation_weights = torch.stack([x, 1 - x], dim=-1)
    weights = interpolation_weights.prod(-1)
    return weights * x.sum()


x = torch.rand(5, 3)
batched = vmap(jacrev(interpolate))(x)
looped = torch.stack([jacrev(interpolate)(row) for row in x])
print(batched.shape)
