# source: https://github.com/sovrasov/flops-counter.pytorch/issues/110
# framework: PyTorch
# label: none
# "support for torch.compile?": ptflops counts FLOPs with forward hooks it adds to every
# submodule, each hook adding to the module's `__flops__`; with `net = torch.compile(net)` "Flops
# of modules in `torch.nn` ... are tripled" and "Flops of custom modules are not counted". ptflops
# is not installed: its mechanism is reduced to the user's model and hook - a hook per module added
# after compiling, a forward pass, the counters summed - with the user's custom hook for `MyModule`
# and ptflops' own rule for `nn.Linear` (in_features * out_features per sample). On torch 2.13 the
# compiled forward runs the hooks once each, as eager does: the counts agree, fine today.
# verify: c.total == e.total and c.total > 0
import torch
import torch.nn as nn


class MyModule(nn.Module):
    def __init__(self) -> None:
        super().__init__()

    def forward(self, x):
        return x


class Test_model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.linear_layer = nn.Linear(1000, 1000, bias=False)
        self.custom_layer = MyModule()

    def forward(self, x):
        out = self.linear_layer(x)
        out = self.custom_layer(out)
        return out


def mymodule_flops_counter_hook(conv_module, input: torch.Tensor, output):
    input = input[0]
    mul_count = input.numel() * 1000
    conv_module.__flops__ += int(mul_count)


def linear_flops_counter_hook(module, input, output):
    module.__flops__ += int(input[0].shape[0] * module.in_features * module.out_features)


net = Test_model()
net = torch.compile(net)
for module in net.modules():
    module.__flops__ = 0
    if isinstance(module, MyModule):
        module.register_forward_hook(mymodule_flops_counter_hook)
    elif isinstance(module, nn.Linear):
        module.register_forward_hook(linear_flops_counter_hook)
with torch.no_grad():
    net(torch.ones(1, 1000))
total = sum(m.__flops__ for m in net.modules() if hasattr(m, "__flops__"))
print(total)
