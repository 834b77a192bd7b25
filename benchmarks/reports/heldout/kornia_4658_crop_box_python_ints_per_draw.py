# source: https://github.com/kornia/kornia/issues/4658
# framework: PyTorch
# "torch.compile: ... RandomResizedCrop recompiles per sampled crop box": in `slice` mode the
# crop's sampled coordinates "become Python values, triggering recompilation until the cache
# limit is reached" (the fix keeps the draws in tensors). Reduced to the shape the issue names:
# a compiled crop whose forward samples a box with `torch.randint`, turns it into Python ints
# and slices the image with them, then resizes to a fixed output size; twelve calls.
# verify: sum(c.torch.values()) >= 8
import torch
import torch.nn.functional as F


class RandomResizedCrop(torch.nn.Module):
    def __init__(self, size=(8, 8)):
        super().__init__()
        self.size = size

    def forward(self, image):
        h, w = image.shape[-2:]
        box = torch.randint(0, h // 2, (4,))
        y1, x1 = int(box[0]), int(box[1])  # label[g]: ACC5
        y2, x2 = y1 + h // 2 + int(box[2]), x1 + w // 2 + int(box[3])
        crop = image[..., y1:y2, x1:x2]
        return F.interpolate(crop, size=self.size, mode="bilinear", align_corners=False)


torch.manual_seed(0)
aug = torch.compile(RandomResizedCrop())
image = torch.rand(1, 3, 32, 32)
outs = [aug(image) for _ in range(12)]  # label[g]
print(outs[-1].shape)
