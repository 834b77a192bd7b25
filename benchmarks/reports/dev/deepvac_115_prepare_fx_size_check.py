# source: https://github.com/DeepVAC/deepvac/issues/115
# framework: PyTorch
# "torch.fx.proxy.TraceError: symbolically traced variables cannot be used as inputs to control
# flow": a module whose forward does `if x.size(1) != 3: return ...`, passed to `prepare_fx`
# (which symbolically traces it). `x.size(1)` of a Proxy is a Proxy, so the `if` cannot be traced.
# Reduced: the reporter's forward with its elided returns filled in, and prepare_fx with the
# current example-inputs argument; eagerly it runs.
# verify: c.error is not None and c.eager_ok
import torch
from torch.ao.quantization import get_default_qconfig
from torch.ao.quantization.quantize_fx import prepare_fx


class MyModule(torch.nn.Module):
    def __init__(self):
        super(MyModule, self).__init__()
        self.conv = torch.nn.Conv2d(3, 3, 1)

    def forward(self, x):
        if x.size(1) != 3:  # label: ACC2
            return x
        return self.conv(x)


torch_model = MyModule().eval()
torch_model(torch.randn(1, 3, 4, 4))
eager_ok = True
s_qconfig_dict = {"": get_default_qconfig("fbgemm")}
error = None
try:
    prepare_fx(torch_model, s_qconfig_dict, (torch.randn(1, 3, 4, 4),))
except Exception as exc:
    error = type(exc).__name__
print(error)
