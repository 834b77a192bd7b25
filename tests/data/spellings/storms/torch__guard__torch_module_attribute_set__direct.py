# spelling: framework=torch axis=guard component=torch_module_attribute_set reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 22: 4 -> 8
# label: storm line=22
import torch

class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 1

    def forward(self, v):
        return v * self.scale


SCALED = torch.compile(Scaled())


def run(n):
    x = torch.ones(3)
    for i in range(n):
        SCALED.scale = i + 1
        SCALED(x)
