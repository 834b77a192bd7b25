# source: https://github.com/huggingface/diffusers/pull/11776
# framework: PyTorch
# Label: fine look-alike. Written from the pull request's description (the test body is not
# stored): a model compiled with `dynamic=True` and run on several resolutions must not
# recompile ("catch recompilation errors on shape changes when compilation was performed with
# dynamic=True"), with `error_on_recompile=True`. The UNet is a small convolutional stand-in;
# four resolutions, as a user switching image sizes. Run on torch 2.13, a square first input
# makes one more compile at the first non-square one (duck sizing guards height == width; with
# `error_on_recompile` that call raised), and no more: bounded, fine as to storms.
# label: none
# verify: c.torch['forward'] <= 2
import torch


class TinyUNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.down = torch.nn.Conv2d(4, 8, 3, stride=2, padding=1)
        self.up = torch.nn.ConvTranspose2d(8, 4, 4, stride=2, padding=1)

    def forward(self, sample):
        return self.up(torch.nn.functional.silu(self.down(sample)))


model = torch.compile(TinyUNet(), fullgraph=True, dynamic=True)
with torch.no_grad():
    for height, width in [(32, 32), (48, 32), (64, 64), (40, 56)]:
        out = model(torch.randn(1, 4, height, width))
