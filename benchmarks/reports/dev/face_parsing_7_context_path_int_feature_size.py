# source: https://github.com/yakhyo/face-parsing/issues/7
# framework: PyTorch
# "TraceWarning during onnx export" of face-parsing's BiSeNet: the context path reads the
# feature map sizes with `[int(t) for t in feat32.size()[2:]]` and upsamples to them. The ONNX
# export traces the model; `int()` of a traced size records the example's number as a constant.
# Reduced to the context path, traced with torch.jit.trace (what the export does) on a 64x64
# image: on a 96x64 image the traced model still upsamples to the 64x64 example's sizes, where
# eager follows the input.
# verify: c.traced_shape != c.eager_shape and c.same_size_ok
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter("ignore")


class ContextPath(nn.Module):
    def __init__(self):
        super().__init__()
        self.down16 = nn.Conv2d(3, 8, 3, stride=16, padding=1)
        self.down32 = nn.Conv2d(8, 8, 3, stride=2, padding=1)
        self.conv_avg = nn.Conv2d(8, 8, 1)

    def forward(self, x):
        feat16 = self.down16(x)
        feat32 = self.down32(feat16)
        feat16_shape = [int(t) for t in feat16.size()[2:]]  # label: ACC3
        avg = F.avg_pool2d(feat32, feat32.size()[2:])
        avg = self.conv_avg(avg)
        feat32_up = F.interpolate(feat32 + avg, feat16_shape, mode="nearest")
        return feat16 + feat32_up


model = ContextPath().eval()
traced = torch.jit.trace(model, torch.randn(1, 3, 64, 64))
same_size_ok = torch.allclose(traced(torch.ones(1, 3, 64, 64)), model(torch.ones(1, 3, 64, 64)))
x2 = torch.randn(1, 3, 96, 64)
eager_shape = tuple(model(x2).shape)
try:
    traced_shape = tuple(traced(x2).shape)
except RuntimeError as exc:  # the traced upsample to 4x4 does not add to a 6x4 feat16
    traced_shape = type(exc).__name__
print(eager_shape, traced_shape, same_size_ok)
