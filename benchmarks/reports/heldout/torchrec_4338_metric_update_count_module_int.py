# source: https://github.com/meta-pytorch/torchrec/pull/4338
# framework: PyTorch
# "Fix test_xauc_compile recompilation-limit failure": "torchmetrics' `Metric.update()`
# increments the integer `_update_count` nn.Module attribute on every call; torch.compile
# specializes on integer module attributes by default, so each `.update()` sees a new value and
# triggers a recompile, exceeding `recompile_limit` after a few iterations" (the test uses
# `fullgraph=True`). The fix turns on `allow_unspec_int_on_nn_module`. Reduced: a metric module
# that accumulates a sum and counts its updates, compiled with `fullgraph=True` and updated
# twelve times; past the limit Dynamo stops compiling it (the counts stay right, eager).
# verify: c.torch['update'] >= 8 and c.metric._update_count == 12
import torch


class SumMetric(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("total", torch.zeros(()))
        self._update_count = 0

    def update(self, x):
        self._update_count += 1  # label: ACC5
        self.total += x.sum()
        return self.total


metric = SumMetric()
compiled_update = torch.compile(metric.update, fullgraph=True)
for _ in range(12):
    try:
        compiled_update(torch.ones(4))
    except Exception:
        metric.update(torch.ones(4))
print(metric._update_count, float(metric.total))
