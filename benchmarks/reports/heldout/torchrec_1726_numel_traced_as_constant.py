# source: https://github.com/meta-pytorch/torchrec/pull/1726
# framework: PyTorch
# "Update PositionWeightedModule to make it jit trace compatible": the module computes each
# feature value's position inside its bag with
# `torch.ops.fbgemm.offsets_range(features[key].offsets().long(), torch.numel(features[key].values()))`,
# and "torch.numel(features[key].values()) will be traced into constant". A trace made with one
# batch then keeps that batch's value count: a batch with another number of values gets
# positions for the old count. fbgemm's `offsets_range` is written out with `arange` and
# `repeat_interleave`; one feature, weights indexed by position.
# verify: c.error is not None or not close(c.traced_out, c.eager_out)
import torch


def offsets_range(offsets, numel):
    lengths = offsets[1:] - offsets[:-1]
    starts = torch.repeat_interleave(offsets[:-1], lengths, output_size=numel)
    return torch.arange(numel) - starts


class PositionWeightedModule(torch.nn.Module):
    def __init__(self, max_length=8):
        super().__init__()
        self.position_weight = torch.nn.Parameter(torch.arange(1.0, max_length + 1))

    def forward(self, values, offsets):
        seq = offsets_range(offsets.long(), torch.numel(values))  # label: ACC3
        weights = torch.gather(self.position_weight, 0, seq)
        return values * weights


module = PositionWeightedModule()
traced = torch.jit.trace(module, (torch.ones(5), torch.tensor([0, 2, 5])), check_trace=False)
values, offsets = torch.ones(7), torch.tensor([0, 3, 7])
eager_out = module(values, offsets)
error = None
traced_out = None
try:
    traced_out = traced(values, offsets)
except Exception as exc:  # the traced graph still makes 5 positions
    error = repr(exc)
print(eager_out, traced_out, error)
