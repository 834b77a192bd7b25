# source: https://github.com/huggingface/peft/pull/2177
# framework: PyTorch
# PEFT's hotswap pull request converts each LoRA layer's `scaling` floats to tensors "to prevent
# recompilation if they change". Reduced: a LoRA linear layer keeps `scaling` as a Python float
# attribute, the model is compiled once, and adapters with other alpha/rank ratios are swapped in
# between calls (as hot-swapping does). Run on torch 2.13: the first new float recompiles once,
# and Dynamo then treats the float as a symbolic input (automatic dynamic floats), so six
# scalings build two graphs and the outputs match eager. Fine today: bounded.
# label: none
# verify: c.torch['forward'] <= 2 and close(c.outs, e.outs)
import torch
import torch.nn as nn


class LoraLinear(nn.Module):
    def __init__(self, d, r=4, alpha=8):
        super().__init__()
        self.base = nn.Linear(d, d)
        self.lora_A = nn.Linear(d, r, bias=False)
        self.lora_B = nn.Linear(r, d, bias=False)
        self.scaling = {"default": alpha / r}

    def forward(self, x):
        return self.base(x) + self.lora_B(self.lora_A(x)) * self.scaling["default"]


torch.manual_seed(0)
model = LoraLinear(16)
compiled = torch.compile(model)
x = torch.randn(2, 16)
outs = []
for alpha in (8, 16, 24, 32, 40, 48):
    model.scaling["default"] = alpha / 4  # hot-swapped adapter
    outs.append(compiled(x).detach())
print(len(outs))
