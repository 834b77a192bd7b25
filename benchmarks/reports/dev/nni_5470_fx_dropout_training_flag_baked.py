# source: https://github.com/microsoft/nni/pull/5470
# framework: PyTorch
# "[Common] allow preserving self.training in F.dropout by hacking module_getattr": tracing a
# module whose `Dropout` submodule calls `F.dropout(x, p=self.p, training=self.training)` with
# torch.fx records `training` as the constant it had while tracing (the PR makes the trace read
# `self.dropout.training` instead). Reduced to the PR's two modules traced with
# `torch.fx.symbolic_trace` in training mode and switched to eval afterwards: the traced module
# keeps dropping out activations, unlike the module it was traced from.
# verify: not close(c.traced_eval_out, c.module_eval_out) and close(c.module_eval_out, c.conv_out)
import torch
import torch.fx
import torch.nn as nn
import torch.nn.functional as F


class Dropout(nn.Module):
    def __init__(self, p=0.5, inplace=False):
        super(Dropout, self).__init__()
        self.p = p
        self.inplace = inplace

    def forward(self, x):
        return F.dropout(x, p=self.p, training=self.training, inplace=self.inplace)  # label[t]: ACC6


class Module(nn.Module):
    def __init__(self):
        super(Module, self).__init__()
        self.conv1 = nn.Conv2d(3, 3, 3)
        self.dropout = Dropout()

    def forward(self, x):
        x = self.conv1(x)
        x = self.dropout(x)
        return x


torch.manual_seed(0)
model = Module()
traced = torch.fx.symbolic_trace(model)
traced.eval()  # label[t]
model.eval()
x = torch.randn(1, 3, 8, 8)
traced_eval_out = traced(x)
module_eval_out = model(x)
conv_out = model.conv1(x)
print(traced.code)
