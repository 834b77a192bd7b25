# source: https://github.com/pytorch/functorch/issues/1024
# framework: PyTorch
# "Get .item() error without calling .item()": vmap(jacrev(geoCompute)) where geoCompute slices
# q_current[0:3]. A maintainer could not reproduce it: the slice bounds are Python constants, no
# tensor is converted. On torch 2.13's torch.func it runs and matches a per-row loop. Fine.
# label: none
# verify: c.error is None and c.same
import torch
from torch.func import jacrev, vmap

q_current = torch.randn((4, 4 * 3 - 1), requires_grad=True)


def geoCompute(q_current):
    k1 = q_current[0:3]
    return k1


error = None
same = False
try:
    jacobian = vmap(jacrev(geoCompute))(q_current)
    ref = torch.stack([torch.autograd.functional.jacobian(geoCompute, row) for row in q_current])
    same = bool(torch.allclose(jacobian, ref))
except Exception as exc:
    error = type(exc).__name__
print(error, same)
