# source: https://github.com/pytorch/pytorch/issues/87344
# framework: PyTorch
# "Torch Quantize aware training. The function prepare_qat_fx(), should support parameter of
# 'concrete_args'": `MyModule.forward(self, x, return_loss=True, **kwargs)` branches `if
# return_loss:`; `quantize_fx.prepare_qat_fx(net_qat, qconfig_dict, ...)` symbolically traces the
# forward, where `return_loss` is a Proxy, so the `if` cannot be traced. The reporter's module
# and prepare call (example inputs added, as the current API requires); eagerly it runs.
# verify: c.error is not None and c.eager_ok
import copy

import torch
import torch.ao.quantization.quantize_fx as quantize_fx
from torch.ao.quantization import get_default_qat_qconfig


class MyModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.param = torch.nn.Parameter(torch.rand(3, 4))
        self.linear = torch.nn.Linear(4, 5)

    def forward_train(self, x, gt_label, **kwargs):
        y = self.linear(x + self.param).clamp(min=0.0, max=1.0)
        gt = gt_label
        diff = y - gt
        return torch.mean(diff)

    def forward(self, x, return_loss=True, **kwargs):
        if return_loss:  # label: ACC2
            return self.forward_train(x, **kwargs)
        else:
            return self.linear(x + self.param).clamp(min=0.1, max=1.0)


net = MyModule()
net(torch.rand(3, 4), return_loss=False)
eager_ok = True
net_qat = copy.deepcopy(net)
net_qat.train()
qconfig = get_default_qat_qconfig("qnnpack")
qconfig_dict = {"": qconfig}
error = None
try:
    model_prepared = quantize_fx.prepare_qat_fx(net_qat, qconfig_dict, (torch.rand(3, 4),))
except Exception as exc:
    error = type(exc).__name__
print(error)
