# source: https://github.com/pytorch/pytorch/issues/55194
# framework: PyTorch
# `len(x)` in a traced forward: Python's `len` turns `x.shape[0]` into a Python int, so the
# trace records the example's batch size as a constant, where `x.shape[0]` is recorded as an
# operation. The report's model uses `x.shape[0]` (the correct case) and describes `len(x)`;
# both are written here and run on a new batch size.
# verify: close(c.shape_out, c.shape_expected) and not close(c.len_out, c.len_expected)
import torch

class Model(torch.nn.Module):
    def forward(self, x):
        return x.shape[0] + x

class LenModel(torch.nn.Module):
    def forward(self, x):
        return len(x) + x  # label: ACC3

x = torch.ones(2, 3)
tm = torch.jit.trace(Model(), x)
tl = torch.jit.trace(LenModel(), x)

y = torch.ones(4, 3)
shape_out, shape_expected = tm(y), Model()(y)
len_out, len_expected = tl(y), LenModel()(y)
print(shape_out, len_out)
