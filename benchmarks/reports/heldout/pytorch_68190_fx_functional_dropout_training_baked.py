# source: https://github.com/pytorch/pytorch/issues/68190
# framework: PyTorch
# "[FX][docs] Document gotcha about training flag": `F.dropout(x, training=self.training)` is traced
# by `torch.fx.symbolic_trace` with the flag's value at trace time baked in as a constant
# (`training = True` in the generated code), so `traced.eval()` does not turn dropout off and the
# output differs from the input. With an `nn.Dropout` submodule instead, the flag stays the
# module's and `eval()` works (the second example, also checked). torch 2.13.
# verify: not close(c.baked, c.x) and close(c.kept, c.x)
import torch
import torch.fx


class DropoutRepro(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.dropout(x, training=self.training)  # label[a]: ACC6


class DropoutRepro2(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.drop = torch.nn.Dropout()

    def forward(self, x):
        return self.drop(x)


torch.manual_seed(0)
traced = torch.fx.symbolic_trace(DropoutRepro())
print(traced.code)
traced.eval()  # label[a]
x = torch.randn(5, 3)
baked = traced(x)

traced2 = torch.fx.symbolic_trace(DropoutRepro2())
traced2.eval()
kept = traced2(x)
print(baked, kept)
