# spelling: framework=torch axis=identity component=torch_new_module reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 14: 1 -> 1
# label: fine
import torch

class Doubling(torch.nn.Module):
    def forward(self, v):
        return v * 2.0


def run(n):
    x = torch.ones(3)
    for i in range(n):
        torch.compile(Doubling())(x)
