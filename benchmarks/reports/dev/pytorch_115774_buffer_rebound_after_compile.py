# source: https://github.com/pytorch/pytorch/issues/115774
# framework: PyTorch
# A compiled `forward` writes into and returns `self.cache`; between the two calls the user
# rebinds `model.cache` to a fresh tensor. The compiled call used the tensor of its trace:
# [2, 1] instead of [0, 1] ("insidious bug as it's silent"; nightly of 2023-12). On torch 2.13
# the attribute is read on every call (no recompile) and the result is [0, 1]. Fine today. The
# report's script.
# label: none
# verify: close(c.second, e.second) and close(c.second, [0, 1])
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.cache = torch.tensor([0, 0])

    @torch.compile(backend="eager")
    def forward(self, x, pos):
        self.cache[pos] = x
        return self.cache


model = Model()

first = model(torch.tensor([2]), torch.tensor([0])).clone()
model.cache = torch.tensor([0, 0])
second = model(torch.tensor([1]), torch.tensor([1]))
print(first, second)
