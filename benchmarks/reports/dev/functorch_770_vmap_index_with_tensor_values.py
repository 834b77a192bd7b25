# source: https://github.com/pytorch/functorch/issues/770
# framework: PyTorch
# "`.item()` error without calling .item": inside a vmapped function, the position of the
# alignment end `sm["L"]` is computed from the mapped scores and then used to index
# `hij[sm["L"][0], sm["L"][1]]`. Reduced to the indexing: the indices are batched tensors built
# from the input. On torch 2.13 torch.func.vmap batches the tensor indices (an advanced-indexing
# rule) and the result matches a per-row loop: no `.item()` is called. Fine today.
# label: none
# verify: c.error is None and c.same
import torch
from torch.func import vmap


def score(x):
    hij = x.reshape(3, 3)
    flat = torch.argmax(hij)
    L = torch.stack([flat // 3, flat % 3])
    return hij[L[0], L[1]]


error = None
out = None
same = False
try:
    xs = torch.randn(4, 9)
    out = vmap(score)(xs)
    same = bool(torch.allclose(out, torch.stack([score(r) for r in xs])))
except Exception as exc:
    error = type(exc).__name__
print(error, out)
