# source: blind58:acc605_torch_fine_closure_guard_2
# framework: PyTorch
# label: none
# A torch.compile'd closure reads its enclosing function's local weight, which the loop
# rebinds: Dynamo guards the closure cell it read, so each call sees the current weight.
# verify: close(c.losses, e.losses) and 1 <= c.torch['loss'] <= 3
import torch


def main():
    weight = 1.0

    @torch.compile
    def loss(a, b):
        return a + weight * b

    losses = []
    for epoch in range(4):
        losses.append(loss(torch.tensor(1.0), torch.tensor(2.0)))
        weight = weight * 0.5
    return losses


losses = main()
