# source: https://github.com/pytorch/pytorch/issues/12906
# framework: PyTorch
# `pad_packed_sequence` under `torch.jit.trace` was specialized to the longest sequence of
# the example (torch 1.0). Traced on lengths (3, 2) and called with (5, 4), the traced output
# has the plain call's shape on torch 2.13 (compared in the same run: the eager twin traces
# too). Fixed since: fine today.
# label: none
# verify: c.traced_shape == c.plain_shape
import torch
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


def f(x, lengths):
    packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
    out, _ = pad_packed_sequence(packed, batch_first=True)
    return out


traced = torch.jit.trace(f, (torch.randn(2, 3, 4), torch.tensor([3, 2])))
x2, l2 = torch.randn(2, 5, 4), torch.tensor([5, 4])
plain_shape = tuple(f(x2, l2).shape)
try:
    traced_shape = tuple(traced(x2, l2).shape)
except RuntimeError as exc:
    traced_shape = str(exc)
print(plain_shape, traced_shape)
