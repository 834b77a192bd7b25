# source: https://github.com/pytorch/pytorch/issues/115711
# framework: PyTorch
# `self.step += 1` in a compiled module's forward: Dynamo guards on the int attribute, so every
# call recompiles until the recompile limit (8), then runs eagerly. The user fed three shapes;
# the loop here calls it ten times. The hazard is one: the write that makes the guard fail and
# the call that recompiles are both its places (a group, stop 41: ACC505 reports at the call, as
# pytorch_93724's label is placed).
# verify: c.torch['forward'] >= 8
import torch


class MyModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(4, 4)
        self.step = 0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + 1
        self.step += 1  # label[a]: ACC5
        return self.layer(x)


m = MyModule()
opt_m = torch.compile(backend="eager")(m)

for i in range(10):
    x = torch.randn(3, 4)
    print(opt_m(x))  # label[a]
