# source: https://github.com/pytorch/pytorch/issues/120958
# framework: PyTorch
# `set_lora_layer` rebinds `self.lora_layer` of a compiled layer after its first call; the
# report (torch 2.2) was that the compiled forward kept the old branch. On torch 2.13 the
# guard on the attribute catches it: the results match eager. Fine today.
# label: none
# verify: close(c.outs, e.outs)
from typing import Optional

import torch
import torch.nn as nn


class LoraCompatibleLinear(nn.Linear):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.lora_layer = None

    def set_lora_layer(self, lora_layer: Optional[nn.Module]):
        self.lora_layer = lora_layer

    def forward(self, x):
        if self.lora_layer is None:
            return super().forward(x)
        else:
            return super().forward(x) + self.lora_layer(x)


def test(compile):
    torch.manual_seed(0)
    net = LoraCompatibleLinear(1, 1)
    nn.init.ones_(net.weight)
    lora = nn.Linear(1, 1)
    nn.init.ones_(lora.weight)
    if compile:
        net = torch.compile(net)
    x = torch.ones(1, 1)
    out = [net(x).detach()]
    (net._orig_mod if compile else net).set_lora_layer(lora)
    out.append(net(x).detach())
    return out


outs = test(compile=True)
