# source: https://github.com/pytorch/pytorch/issues/54602
# framework: PyTorch
# "if cannot be symbolically traced": `MyModule.forward(self, batch_idx=None)` does `if
# batch_idx: self.randomize(seed=batch_idx)`; `torch.fx.symbolic_trace(module)` raises TraceError
# "symbolically traced variables cannot be used as inputs to control flow": every forward
# argument is a Proxy while FX traces. Reduced: the reporter's module (its `randomize` and `T`
# were not shown: a reseeding method and `torch.tensor`).
# verify: c.error is not None
import torch


def T(v):
    return torch.tensor(v)


class MyModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.param = torch.nn.Parameter(torch.rand(3, 4))
        self.linear = torch.nn.Linear(4, 5)

    def randomize(self, seed):
        torch.manual_seed(seed)

    def forward(self, batch_idx=None):
        if batch_idx:  # label: ACC2
            self.randomize(seed=batch_idx)
        return T(0.0)


module = MyModule()

from torch.fx import symbolic_trace

error = None
try:
    symbolic_traced: torch.fx.GraphModule = symbolic_trace(module)
    print(symbolic_traced.graph)
except Exception as exc:
    error = type(exc).__name__
print(error)
