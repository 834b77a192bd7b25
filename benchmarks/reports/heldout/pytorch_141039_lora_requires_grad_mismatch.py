# source: https://github.com/pytorch/pytorch/issues/141039
# framework: PyTorch
# label: none
# "graph break when training LoRA": torchtune compiles each transformer block separately; the
# first block's input does not require grad (frozen layers) while the second's does, so the
# compiled block recompiles on "tensor 'L['x']' requires_grad mismatch. expected
# requires_grad=0". Reduced to the issue's SimpleLayer (a frozen linear and a trainable one),
# two layers compiled one by one and trained: one recompile for the two requires_grad cases,
# then both graphs are reused - bounded - and the gradients match eager.
# verify: c.torch["forward"] <= 2 and close(c.grads, e.grads)
import torch
import torch.nn as nn


class SimpleLayer(nn.Module):
    def __init__(self, input_dim):
        super(SimpleLayer, self).__init__()
        # frozen
        self.linear_1 = nn.Linear(input_dim, input_dim)
        for param in self.linear_1.parameters():
            param.requires_grad = False

        # requires grad
        self.linear_2 = nn.Linear(input_dim, input_dim)

    def forward(self, x):
        x = self.linear_1(x)
        return self.linear_2(x)


torch.manual_seed(0)
layers = nn.ModuleList([SimpleLayer(4) for _ in range(2)])
for layer in layers:
    layer.compile()
x = torch.randn(3, 4)
for step in range(3):
    h = x
    for layer in layers:
        h = layer(h)
    h.sum().backward()
grads = [layer.linear_2.weight.grad.clone() for layer in layers]
print(grads[0])
