# source: https://github.com/pytorch/pytorch/issues/143431
# framework: PyTorch
# label: none
# "aot_eager causes CPU RNG behavior to change": a compiled function draws `torch.rand` twice
# (random indices through `argsort(torch.rand(...))`) and gathers latents with them; with
# `aot_eager` the numbers differ from `eager`'s for the same seed, though each backend is
# deterministic. The random ops are graph ops: every call draws anew (nothing is frozen at trace
# time), and reseeding repeats the draw. Run with the default backend on CPU.
# verify: c.fresh_each_call and c.reseed_repeats and e.fresh_each_call
import torch


def f(image_latent):
    B = 2
    num_ref = 3
    num_tar = 3
    x = torch.rand(B, 12)
    indices = torch.argsort(torch.rand(*x.shape), dim=-1)[:, : num_ref + num_tar]
    return image_latent[torch.arange(B).unsqueeze(-1), indices][:, :num_ref]


compiled = torch.compile(f)
latent = torch.randn((2, 12, 4))
torch.manual_seed(54321)
first = compiled(latent).sum().item()
second = compiled(latent).sum().item()
torch.manual_seed(54321)
again = compiled(latent).sum().item()
fresh_each_call = first != second
reseed_repeats = first == again
print(first, second, again)
