# source: https://theneuralbase.com/pytorch/learn/advanced/torch-compile-model-enabling-compilation/
# framework: PyTorch
# Label: fine look-alike. The page compiles a model (`nn.Linear(512, 256)` in `forward`, no control
# flow) and warns that `for batch_size in [16, 32, 64]: compiled(torch.randn(batch_size, 512))`
# "recompiles 3x". Under torch 2.13 the default `dynamic=None` compiles the second batch size as a
# dynamic graph and the third reuses it: two graphs for three sizes, a bounded set. The page's
# `fullgraph=True` is kept; its logging setup is left out.
# label: none
# verify: sum(c.torch.values()) <= 2
import torch
import torch.nn as nn


class ModelWithControlFlow(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(512, 256)

    def forward(self, x):
        x = self.linear(x)
        return x


model = ModelWithControlFlow()
compiled = torch.compile(model, backend="inductor", fullgraph=True)
for batch_size in [16, 32, 64]:
    out = compiled(torch.randn(batch_size, 512))
print(out.shape)
