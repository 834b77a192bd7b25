# source: https://github.com/NVIDIA/TensorRT/issues/4184
# framework: PyTorch
# Converting Depth-Anything-V2 (a DINOv2 backbone) for TensorRT traces `interpolate_pos_encoding`,
# and the log shows TracerWarnings there ("Converting a tensor to a Python integer", then a
# boolean at `assert int(h0) == patch_pos_embed.shape[-1]`). The patch grid `w0, h0` comes from
# the traced image size and becomes Python floats in the interpolation's `scale_factor`, so the
# trace records the example's grid. Reduced to the position-embedding interpolation (the assert
# is left out: it only re-checks the result). Traced on a 56x56 image (4x4 patches), the traced
# model resizes the embedding to 4x4 for a 84x56 image too, and adding it to the 6x4 patches fails.
# verify: c.error is not None and c.same_size_ok
import math
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter("ignore")


class PosEmbed(nn.Module):
    def __init__(self, dim=8, patch_size=14, n=4):
        super().__init__()
        self.patch_size = patch_size
        self.proj = nn.Conv2d(3, dim, patch_size, stride=patch_size)
        self.pos_embed = nn.Parameter(torch.randn(1, n * n, dim))

    def interpolate_pos_encoding(self, x, w, h):
        N = self.pos_embed.shape[1]
        dim = x.shape[-1]
        w0 = w // self.patch_size
        h0 = h // self.patch_size
        M = int(math.sqrt(N))
        patch_pos_embed = F.interpolate(
            self.pos_embed.reshape(1, M, M, dim).permute(0, 3, 1, 2),
            scale_factor=(float(w0) / M, float(h0) / M),  # label: ACC3
            mode="bicubic",
        )
        return patch_pos_embed.permute(0, 2, 3, 1).reshape(1, -1, dim)

    def forward(self, img):
        _, _, w, h = img.shape
        x = self.proj(img).flatten(2).transpose(1, 2)
        return x + self.interpolate_pos_encoding(x, w, h)


model = PosEmbed().eval()
traced = torch.jit.trace(model, torch.randn(1, 3, 56, 56))
x = torch.randn(1, 3, 56, 56)
same_size_ok = torch.allclose(traced(x), model(x), atol=1e-5)
x2 = torch.randn(1, 3, 84, 56)
model(x2)  # eager interpolates to the 6x4 grid
error = None
try:
    traced(x2)
except RuntimeError as exc:
    error = type(exc).__name__
print(error, same_size_ok)
