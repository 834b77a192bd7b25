# source: blind57:torch_trace_random_aug_1
# framework: PyTorch
# A random-flip augmentation decides with Python's `random` inside forward; the pipeline
# traces it with torch.jit.trace to run in a data worker. The trace recorded one draw, so
# every batch gets the same decision.
# verify: len({round(float(v), 4) for v in c.traced_sums}) == 1
# verify: len({round(float(v), 4) for v in c.direct_sums}) == 2
import random

import torch
from torch import nn


class RandomHorizontalFlip(nn.Module):
    def __init__(self, p=0.5):
        super().__init__()
        self.p = p

    def forward(self, img):
        if random.random() < self.p:  # label: ACC1
            return torch.flip(img, dims=[-1])
        return img


class AugmentPipeline:
    def __init__(self, example):
        self.aug = torch.jit.trace(RandomHorizontalFlip(), example, check_trace=False)

    def __call__(self, batch):
        return self.aug(batch)


def signature(img):
    return (img[..., 0] * 1.0 + img[..., -1] * 10.0).sum()


def main():
    random.seed(3)
    img = torch.arange(6.0).reshape(1, 2, 3)
    pipe = AugmentPipeline(img)
    traced = [signature(pipe(img)) for _ in range(20)]
    flip = RandomHorizontalFlip()
    direct = [signature(flip(img)) for _ in range(20)]
    return traced, direct


traced_sums, direct_sums = main()
