# source: blind55:torch_float_attr_fine_1
# framework: PyTorch
# label: none
# A compiled model's float `temperature` attribute is annealed on every step. Written as a storm;
# the run says a float module attribute is made dynamic after one recompile, like a float
# global: two compiles for twelve values, and the results follow the attribute.
# verify: c.torch['forward'] <= 2 and close(c.outs, e.outs)
import torch
from torch import nn


class Distiller(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)
        self.temperature = 4.0

    def forward(self, x):
        return torch.log_softmax(self.fc(x) / self.temperature, -1)


torch.manual_seed(0)
model = Distiller()
compiled = torch.compile(model)
outs = []
for step in range(12):
    outs.append(compiled(torch.ones(2, 4)))
    model.temperature = 4.0 - 0.25 * step
