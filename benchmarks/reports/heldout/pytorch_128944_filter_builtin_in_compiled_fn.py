# source: https://github.com/pytorch/pytorch/issues/128944
# framework: PyTorch
# `filter(lambda x: x.requires_grad, inputs)` in a compiled function caused a graph break ("due
# to unsupported builtin filter function", torch 2.4). The filter reads a static property of the
# inputs, and the compiled result equals the eager one either way. The report's example,
# compiled once and called once. A fine look-alike.
# label: none
# verify: close(c.r1, e.r1) and 1 <= sum(c.torch.values()) <= 2
import torch


def toy_example(inputs):
    out = inputs[0]
    for inp in filter(lambda x: (x.requires_grad), inputs):
        out = out * inp
    out = out + 2000
    return out


input1 = torch.arange(2, dtype=torch.bfloat16)
input2 = torch.arange(2, dtype=torch.bfloat16).requires_grad_(True)

compiled_fn = torch.compile(toy_example, backend="inductor")

r1 = compiled_fn([input1, input2])
r1 = r1.detach().float()
print("r1 = ", r1.cpu())
