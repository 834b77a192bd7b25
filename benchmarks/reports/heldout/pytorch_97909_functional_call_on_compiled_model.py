# source: https://github.com/pytorch/pytorch/issues/97909
# framework: PyTorch
# label: none
# "`torch.func.functional_call` doesn't work with compiled models": with
# `model = torch.compile(LinearNet())`, `functional_call(model, params, inputs)` "remains the same
# even if providing different `parameter_and_buffer_dicts`" - parameters set to zero still give the
# original output (labelled "module: correctness (silent)"). The user's model and calls. On torch
# 2.13 the compiled model reads the dict's parameters: the output is zero, as eager - fixed.
# verify: close(c.out_zero, e.out_zero) and close(c.out_zero, [[0.0, 0.0, 0.0]])
import torch
import torch.nn as nn


class LinearNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(1, 3)

    def forward(self, x):
        return self.linear(x)


torch.manual_seed(0)
inputs = torch.randn(1, 1)

model = torch.compile(LinearNet())
params = dict(model.named_parameters())
out_first = torch.func.functional_call(model, params, inputs)
# set parameters to 0 so that outputs should also be 0
for name, param in params.items():
    params[name] = torch.zeros_like(param)
out_zero = torch.func.functional_call(model, params, inputs)
print(out_first, out_zero)
