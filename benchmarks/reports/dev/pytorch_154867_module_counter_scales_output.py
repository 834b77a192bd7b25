# source: https://github.com/pytorch/pytorch/pull/154867
# framework: PyTorch
# The pull request's example program: a module whose forward increments a Python int attribute
# and multiplies the input by it. Dynamo guards on the int's value, so each call recompiles
# until the recompile limit (8). The pull request shows the module only; the calls are a loop
# of `num_steps` as the recompile reasons it links to imply (loop-length convention).
# verify: c.torch['forward'] >= 8
import torch


class Mod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.c = 0

    def forward(self, x):
        self.c += 1  # label[g]
        return x * self.c


mod = torch.compile(Mod())
x = torch.ones(4)
num_steps = 10
for step in range(num_steps):
    out = mod(x)  # label[g]: ACC5
