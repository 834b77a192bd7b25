# source: https://github.com/pytorch/pytorch/issues/153411
# framework: PyTorch
# label: none
# "[export] torch.tensor constructor specializes on float value": exporting a module whose
# forward reads `flt.item()` and rebuilds `torch.tensor([scalar])` failed with a data-dependent
# error in May 2025 (the constructor specialized on the unbacked float). Closed since; on torch
# 2.13 the export succeeds with the value kept symbolic, and the exported program returns the
# new input's value, not the example's.
# verify: c.error is None and c.result == [2.0]
import torch


class Foo(torch.nn.Module):
    def forward(self, flt):
        scalar = flt.item()
        return torch.tensor([scalar])


error, result = None, None
try:
    ep = torch.export.export(Foo(), (torch.tensor([3.14]),))
    result = ep.module()(torch.tensor([2.0])).tolist()
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"[:300]
print(error, result)
