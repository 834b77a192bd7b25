# source: blind57:torch_global_range_bound_1
# framework: PyTorch
# A module-level `NUM_REFINE` is the `range()` bound of a compiled refinement function; a
# curriculum function rewrites the global each epoch. Dynamo guards the global's value, so
# every epoch recompiles.
# verify: c.torch['refine'] >= 8
import torch

NUM_REFINE = 1


def refine(x, w):
    for _ in range(NUM_REFINE):  # label[a]
        x = x + 0.1 * torch.tanh(x @ w)
    return x


def set_curriculum(epoch):
    global NUM_REFINE
    NUM_REFINE = 1 + epoch  # label[a]


class Refiner:
    def __init__(self, dim):
        self.w = torch.eye(dim)
        self.fn = torch.compile(refine)

    def __call__(self, x):
        return self.fn(x, self.w)  # label[a]: ACC5


def main(epochs=10):
    refiner = Refiner(3)
    outs = []
    for epoch in range(epochs):
        set_curriculum(epoch)
        outs.append(refiner(torch.ones(2, 3)))
    return outs


outs = main()
