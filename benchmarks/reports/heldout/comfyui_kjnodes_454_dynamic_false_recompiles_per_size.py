# source: https://github.com/kijai/ComfyUI-KJNodes/pull/454
# framework: PyTorch
# `TorchCompileModelAdvanced` could only pass `dynamic=True` or `dynamic=False`; with False
# "the model will be recompiled every times the input changed, e.g. prompt changed"
# (`dynamic=False` turns off automatic dynamic shapes, so every new size is a new compile up to
# the recompile limit); the pull request passes None (the default). Written from the pull
# request's description: the node's compile call with `dynamic=False`, and a stand-in
# diffusion model sampled at ten latent sizes, as a user changing resolution between prompts.
# verify: c.torch['forward'] >= 8
import torch


class DiffusionModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv_in = torch.nn.Conv2d(4, 8, 3, padding=1)
        self.conv_out = torch.nn.Conv2d(8, 4, 3, padding=1)

    def forward(self, x, timestep):
        return self.conv_out(torch.nn.functional.silu(self.conv_in(x))) * timestep


diffusion_model = DiffusionModel()
compiled = torch.compile(diffusion_model, mode="default", fullgraph=False, dynamic=False)  # label[g]
for size in range(8, 28, 2):
    latent = torch.randn(1, 4, size, size)
    with torch.no_grad():
        denoised = compiled(latent, torch.tensor(0.5))  # label[g]: ACC5
