# source: https://github.com/pytorch/pytorch/issues/58225
# framework: PyTorch
# `loop` iterates over its input tensor; `torch.jit.trace` runs the Python loop once, on the
# example's 20 rows, and records 20 additions: the traced model returns 20 for an input of 5
# rows. CUDA dropped; the eager result is computed in the module.
# verify: int(c.traced_out) == 20 and int(c.eager_out) == 5
import torch
import torch.nn as nn


class Foo(nn.Module):
    def __init__(self, op):
        super().__init__()
        self._op = op

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self._op(x)

def loop(x):
    a = torch.tensor(0).type_as(x)
    for x_ in x:  # label: ACC2
        a = a + 1
    return a

# Evaluate the op
model = Foo(loop)
with torch.no_grad():
    traced_model = torch.jit.trace(model, torch.rand(20, 4, 4), check_trace=True)

traced_out = traced_model(torch.rand(5, 4, 4))
eager_out = model(torch.rand(5, 4, 4))
print(traced_out, eager_out)
