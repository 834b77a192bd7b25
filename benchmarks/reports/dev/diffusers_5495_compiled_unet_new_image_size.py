# source: https://github.com/huggingface/diffusers/issues/5495
# framework: PyTorch
# "Calling the compiled pipeline on a different image size will re-trigger compilation":
# asked whether 512px then 768px recompiles, the maintainer says yes, the input shape is part
# of what was compiled. A convolutional stand-in for the UNet at three sizes: the second size
# recompiles with dynamic height and width, and the third reuses that graph, so the size
# changes cost one recompile, not one per size. Fine.
# label: none
# verify: sum(c.torch.values()) <= 2 and close(c.outs, e.outs)
import torch


class TinyUNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.down = torch.nn.Conv2d(4, 8, 3, padding=1)
        self.up = torch.nn.Conv2d(8, 4, 3, padding=1)

    def forward(self, latents):
        return self.up(torch.relu(self.down(latents)))


torch.manual_seed(0)
unet = torch.compile(TinyUNet())
outs = []
for size in (512, 768, 640):
    latents = torch.ones(1, 4, size // 64, size // 64)
    outs.append(float(unet(latents).mean()))
print(outs)
