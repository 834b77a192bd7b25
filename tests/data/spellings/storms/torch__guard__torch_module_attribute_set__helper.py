# spelling: framework=torch axis=guard component=torch_module_attribute_set reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 20: 4 -> 8
# label: storm line=20
import torch

class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 1

    def forward(self, v):
        return v * self.scale


SCALED = torch.compile(Scaled())


def step(x, i):
    SCALED.scale = i + 1
    SCALED(x)


def run(n):
    x = torch.ones(3)
    for i in range(n):
        step(x, i)
