# source: https://github.com/Samsung/TICO/issues/248
# framework: PyTorch
# TICO's "lesson learned" on torch.export with dynamic shapes: a constraint-violation error
# ("batch was inferred to be a constant") was suspected to come from `bsz = x.shape[0]; y =
# x.view(bsz, -1)`, written off as "Nope!" in favour of `x.view(-1, x.shape[-1])` (the author:
# "not tested"). Run on torch 2.13: both spellings export with a dynamic batch dimension, and
# the exported program gives the eager result at another batch size. Fine.
# label: none
# verify: c.error is None and c.same
import torch
from torch.export import Dim, export


class ViewBatch(torch.nn.Module):
    def forward(self, x):
        bsz = x.shape[0]
        y = x.view(bsz, -1)
        return y * 2


class ViewLast(torch.nn.Module):
    def forward(self, x):
        y = x.view(-1, x.shape[-1])
        return y * 2


error = None
same = False
try:
    batch = Dim("batch", min=2, max=128)
    checks = []
    for mod in (ViewBatch(), ViewLast()):
        ep = export(mod, (torch.randn(3, 4, 5),), dynamic_shapes={"x": {0: batch}})
        x7 = torch.randn(7, 4, 5)
        checks.append(torch.allclose(ep.module()(x7), mod(x7)))
    same = all(checks)
except Exception as exc:
    error = type(exc).__name__
print(error, same)
