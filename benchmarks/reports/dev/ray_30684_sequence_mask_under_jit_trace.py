# source: https://github.com/ray-project/ray/pull/30684
# framework: PyTorch
# RLlib's `sequence_mask` under `torch.jit.trace` (TorchScript export of a recurrent policy):
# `maxlen = int(lengths.max())` and `len(lengths)` turn tensor values into Python ints, which
# the trace records as constants (the TracerWarnings the PR removes), so the traced function
# returns the example's mask shape for other lengths. The traced call is compared with a
# plain call on new lengths in the same run (the eager twin traces too).
# verify: c.traced_shape != c.plain_shape
import torch


def sequence_mask(lengths, maxlen=None, dtype=None, time_major=False):
    if maxlen is None:
        maxlen = int(lengths.max())  # label: ACC3

    mask = ~(
        torch.ones((len(lengths), maxlen)).to(lengths.device).cumsum(dim=1).t() > lengths  # label: ACC3
    )
    if not time_major:
        mask = mask.t()
    mask.type(dtype or torch.bool)
    return mask


traced = torch.jit.trace(sequence_mask, (torch.tensor([2, 3]),))
new_lengths = torch.tensor([4, 5, 1])
plain_shape = tuple(sequence_mask(new_lengths).shape)
try:
    traced_shape = tuple(traced(new_lengths).shape)
except RuntimeError as exc:  # a shape baked into the trace may not fit at all
    traced_shape = str(exc)
print(plain_shape, traced_shape)
