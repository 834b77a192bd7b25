# source: https://github.com/pytorch/pytorch/issues/139476
# framework: PyTorch
# `adjust_model` freezes or unfreezes `layer2`'s parameters on alternate iterations, between
# calls of the compiled model; the report's compiled model reused the frame compiled for the
# other setting, so the gradients of `layer2` did not follow the flag. The gradient of
# `layer2.weight` after each step equals eager's on torch 2.13: the frozen steps give none,
# the others the same norm (four compiles, as `num_iter` also changes). Fixed since: fine
# today. (CPU instead of CUDA, sizes lowered, the profiler removed.)
# label: none
# verify: close(c.grad_norms, e.grad_norms)
import torch
import torch.nn as nn


def adjust_model(model):
    to_freeze = model.num_iter % 2 == 0
    if to_freeze:
        for param in model.layer2.parameters():
            param.requires_grad = False
    else:
        for param in model.layer2.parameters():
            param.requires_grad = True


class MyModule(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super(MyModule, self).__init__()

        self.layer1 = nn.Linear(hidden_size, hidden_size)
        self.layer2 = nn.Linear(hidden_size, hidden_size)

        self.num_iter = 0

    def forward(self, x):
        x = self.layer2(x + self.layer1.bias)

        self.num_iter += 1
        return x


torch.manual_seed(0)
hidden_size = 16
features = torch.randn(8, hidden_size)
model = MyModule(hidden_size, hidden_size, 1)
compiled = torch.compile(model)

grad_norms = []
for _ in range(4):
    adjust_model(model)
    model.zero_grad(set_to_none=True)
    compiled(features).sum().backward()
    g = model.layer2.weight.grad
    grad_norms.append(0.0 if g is None else float(g.norm()))
print(grad_norms)
