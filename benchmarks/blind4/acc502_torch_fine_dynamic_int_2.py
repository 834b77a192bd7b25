# source: blind58:acc502_torch_fine_dynamic_int_2
# framework: PyTorch
# label: none
# The same Python int timestep as a storm elsewhere, but under torch.compile's default
# dynamic setting: after the second value Dynamo makes the int a symbolic input.
# verify: 1 <= c.torch['step'] <= 3
import torch


@torch.compile
def step(x, t):
    return x * (1.0 - t / 100) + t


x = torch.ones(4)
for t in range(12):
    x = step(x, t)
x_final = x
