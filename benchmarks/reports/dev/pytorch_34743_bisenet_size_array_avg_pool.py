# source: https://github.com/pytorch/pytorch/issues/34743
# framework: PyTorch
# "Problem with F.avg_pool2d" when exporting a BiSeNet to ONNX: the export log shows the model's
# `size_array = [int(s) for s in feat.size()[2:]]` (a TracerWarning: the int is recorded as a
# constant) beside the `F.avg_pool2d(feat, feat.size()[2:])` the user asked about. Reduced to
# the attention-refinement arm, traced with torch.jit.trace as the export does: the global
# average pool by `feat.size()[2:]` follows the input in the trace (the sizes stay traced), but
# the upsample to `size_array` keeps the 32x32 example's sizes, so a 48x32 input fails.
# verify: c.error is not None and c.pool_follows_input and c.same_size_ok
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter("ignore")


class AttentionArm(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, padding=1)
        self.conv_atten = nn.Conv2d(4, 4, 1)

    def forward(self, feat):
        feat = self.conv(feat)
        size_array = [int(s) for s in feat.size()[2:]]  # label: ACC3
        atten = F.avg_pool2d(feat, feat.size()[2:])
        atten = torch.sigmoid(self.conv_atten(atten))
        return feat + F.interpolate(atten, size_array, mode="nearest")


class Pool(nn.Module):
    def forward(self, feat):
        return F.avg_pool2d(feat, feat.size()[2:])


model = AttentionArm().eval()
traced = torch.jit.trace(model, torch.randn(1, 4, 32, 32))
same_size_ok = torch.allclose(traced(torch.ones(1, 4, 32, 32)), model(torch.ones(1, 4, 32, 32)))
x2 = torch.randn(1, 4, 48, 32)
pool_traced = torch.jit.trace(Pool(), torch.randn(1, 4, 32, 32))
pool_follows_input = torch.allclose(pool_traced(x2), Pool()(x2))
error = None
try:
    traced(x2)
except RuntimeError as exc:
    error = type(exc).__name__
model(x2)  # eager follows the input
print(error, pool_follows_input, same_size_ok)
