# source: https://github.com/pytorch/pytorch/issues/150702
# framework: PyTorch
# label: none
# "Investigate diffuser pipeline transformer recompilations due to different width/height": the
# AuraFlow transformer recompiles for each image size; the guard that fails is
# `math.trunc(torch.sym_float(self._modules['pos_embed'].pos_embed_max_size) ** 0.5) !=
# (hidden_states.size()[3] // self._modules['pos_embed'].patch_size)` in
# `pe_selection_index_based_on_dim`, which crops the positional-embedding grid to the image's patch
# grid with Python ints. Reduced to diffusers' AuraFlow patch embedding (its
# `pe_selection_index_based_on_dim` and forward, small sizes) compiled and called on latents of
# the sizes a user generating images at several resolutions passes. On torch 2.13 the ten sizes
# cost four graphs (static, then dynamic sizes with guards on the patch grid): bounded, fine today.
# verify: c.torch['forward'] <= 4 and close(c.outputs, e.outputs)
import torch
from torch import nn


class AuraFlowPatchEmbed(nn.Module):
    def __init__(self, height=16, width=16, patch_size=2, in_channels=4, embed_dim=8, pos_embed_max_size=64):
        super().__init__()
        self.num_patches = (height // patch_size) * (width // patch_size)
        self.pos_embed_max_size = pos_embed_max_size
        self.proj = nn.Linear(patch_size * patch_size * in_channels, embed_dim)
        self.pos_embed = nn.Parameter(torch.randn(1, pos_embed_max_size, embed_dim) * 0.1)
        self.patch_size = patch_size
        self.height, self.width = height // patch_size, width // patch_size
        self.base_size = height // patch_size

    def pe_selection_index_based_on_dim(self, h, w):
        # select subset of positional embedding based on H, W, where H, W is size of latent
        # PE will be viewed as 2d-grid, and H/p x W/p of the PE will be selected
        # because original input are in flattened format, we have to flatten this 2d grid as well.
        h_p, w_p = h // self.patch_size, w // self.patch_size
        original_pe_indexes = torch.arange(self.pos_embed.shape[1])
        h_max, w_max = int(self.pos_embed_max_size**0.5), int(self.pos_embed_max_size**0.5)
        original_pe_indexes = original_pe_indexes.view(h_max, w_max)
        starth = h_max // 2 - h_p // 2
        endh = starth + h_p
        startw = w_max // 2 - w_p // 2
        endw = startw + w_p
        original_pe_indexes = original_pe_indexes[starth:endh, startw:endw]
        return original_pe_indexes.flatten()

    def forward(self, latent):
        batch_size, num_channels, height, width = latent.size()
        latent = latent.view(
            batch_size,
            num_channels,
            height // self.patch_size,
            self.patch_size,
            width // self.patch_size,
            self.patch_size,
        )
        latent = latent.permute(0, 2, 4, 1, 3, 5).flatten(-3).flatten(1, 2)
        latent = self.proj(latent)
        pe_index = self.pe_selection_index_based_on_dim(height, width)
        return latent + self.pos_embed[:, pe_index]


torch.manual_seed(0)
pos_embed = torch.compile(AuraFlowPatchEmbed())
outputs = []
for height, width in [(16, 16), (16, 12), (12, 16), (12, 12), (8, 16), (16, 8), (8, 8), (8, 12), (12, 8), (4, 4)]:
    outputs.append(pos_embed(torch.randn(1, 4, height, width)))
print([o.shape for o in outputs])
