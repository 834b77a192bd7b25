# source: blind58:acc601_torch_fine_guarded_global_2
# framework: PyTorch
# label: none
# A torch.compile'd function reads a module-level float that a helper rebinds between calls:
# Dynamo guards on the global (and makes it an input), so every call sees the new value.
# verify: close(c.outs, e.outs) and 1 <= c.torch['clip'] <= 3
import torch

CLIP = 1.0


@torch.compile
def clip(g):
    return torch.clamp(g, -CLIP, CLIP)


def anneal(epoch):
    global CLIP
    CLIP = 1.0 + epoch


outs = []
for epoch in range(4):
    outs.append(clip(torch.tensor([5.0, -5.0, 0.5])))
    anneal(epoch)
