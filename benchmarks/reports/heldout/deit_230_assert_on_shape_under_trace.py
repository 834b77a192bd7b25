# source: https://github.com/facebookresearch/deit/issues/230
# framework: PyTorch
# "TracerWarning" converting DeiT with torch.jit.trace: "Converting a tensor to a Python boolean
# might cause the trace to be incorrect ... assert condition, message" - the patch embedding
# asserts the input size (`assert H == self.img_size[0] and W == self.img_size[1]`). Under the
# trace the comparison is evaluated once and the assert is not recorded: the traced module
# accepts an input of the wrong size that the eager module rejects.
# verify: c.traced_accepts_wrong_size and c.eager_rejects
import warnings
import torch
import torch.nn as nn


class PatchEmbed(nn.Module):
    def __init__(self, img_size=(32, 32), patch_size=8, in_chans=3, embed_dim=16):
        super().__init__()
        self.img_size = img_size
        self.proj = nn.Conv2d(in_chans, embed_dim, kernel_size=patch_size, stride=patch_size)

    def forward(self, x):
        B, C, H, W = x.shape
        condition = torch.tensor(H == self.img_size[0]) & torch.tensor(W == self.img_size[1])
        message = f"Input image size ({H}*{W}) doesn't match model ({self.img_size[0]}*{self.img_size[1]})."
        assert condition, message  # label: ACC2
        return self.proj(x).flatten(2).transpose(1, 2)


model = PatchEmbed().eval()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    traced = torch.jit.trace(model, torch.randn(1, 3, 32, 32))
wrong = torch.randn(1, 3, 40, 40)
try:
    traced(wrong)
    traced_accepts_wrong_size = True
except Exception:
    traced_accepts_wrong_size = False
try:
    model(wrong)
    eager_rejects = False
except AssertionError:
    eager_rejects = True
print(len(caught), traced_accepts_wrong_size, eager_rejects)
