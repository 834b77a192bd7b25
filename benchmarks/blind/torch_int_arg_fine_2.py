# source: blind55:torch_int_arg_fine_2
# framework: PyTorch
# label: none
# A compiled loss takes the global step as a Python int (used arithmetically for a ramp, not as a
# loop bound): the second compile makes it dynamic, so two compiles for all steps.
# verify: c.torch['ramped_loss'] <= 2
import torch


@torch.compile
def ramped_loss(pred, target, step):
    ramp = min(step / 50.0, 1.0)
    return ramp * torch.mean((pred - target) ** 2)


pred = torch.ones(4, requires_grad=True)
for step in range(12):
    loss = ramped_loss(pred, torch.zeros(4), step)
    loss.backward()
