# source: https://github.com/pytorch/pytorch/issues/197859
# framework: PyTorch
# `object.__setattr__(model, "sub", replacement)` puts an instance `__dict__` entry that
# shadows the registered submodule: eager uses the replacement, the compiled module keeps the
# old one and returns stale results, with no warning.
# verify: not close(c.after, e.after)
import torch
import torch.nn as nn


class Wrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.sub = nn.Linear(4, 4, bias=False)
        with torch.no_grad():
            self.sub.weight.copy_(torch.eye(4))

    def forward(self, x):
        return self.sub(x)  # label[s]: ACC6


model = Wrapper()
x = torch.arange(4.0)
compiled = torch.compile(model)

print(compiled(x))

replacement = nn.Linear(4, 4, bias=False)
with torch.no_grad():
    replacement.weight.fill_(5.0)

object.__setattr__(model, "sub", replacement)  # label[s]

print(model(x))
after = compiled(x).detach()
print(after)
