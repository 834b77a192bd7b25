# source: https://github.com/pytorch/pytorch/issues/133898
# framework: PyTorch
# A compiled `step()` runs `optimizer.step()` and `OneCycleLR.step()`; the lr is a tensor, but
# the scheduler also cycles the momentum, writing new Python floats into `betas`, which the
# compiled step is guarded on: it recompiled on every step until the limit (torch 2.4). On
# torch 2.13, two graphs over 20 steps. Fine today. The report's script on the CPU, with 20 of
# its 10000 steps.
# label: none
# verify: c.torch['step'] <= 2
import torch

param = torch.rand(2, 3, dtype=torch.float, requires_grad=True)
param.grad = torch.rand_like(param)

lr = torch.tensor(0.001)
total_steps = 20
optimizer = torch.optim.AdamW([param], lr=lr)
scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=lr, total_steps=total_steps)


@torch.compile()
def step():
    optimizer.step()
    scheduler.step()


for _ in range(total_steps):
    step()
