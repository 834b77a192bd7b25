# source: https://github.com/pytorch/pytorch/issues/114511
# framework: PyTorch
# The two situations for the recompile limits: (1) `torch.compile(mod)(x)` for each of
# 64 distinct module instances (a unique call stack per module, meant to compile each), and
# (2) `torch.compile(mod)(x)` in a loop over inputs of 64 shapes, the same module (meant to
# give up). On torch 2.13 both loops together compile `forward` four times: the instances
# share the code object's cache (their parameters are inputs, not constants), and the shapes
# become dynamic after a recompile. Fine today. `MyMod` is a linear layer; 16 instances and 16
# shapes instead of 64.
# label: none
# verify: sum(c.torch.values()) <= 4
import torch


class MyMod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.linear(x))


mods = [MyMod() for _ in range(16)]
x = torch.randn(4, 8)
for mod in mods:
    x = torch.compile(mod)(x)

mod = MyMod()
for inp in [torch.randn(shape + 1, 8) for shape in range(16)]:
    y = torch.compile(mod)(inp)
