# source: https://github.com/pytorch/pytorch/issues/163093
# framework: PyTorch
# The compiled-optimizer recipe with `ReduceLROnPlateau`: the optimizer's lr is a tensor, but
# `_reduce_lr` writes a Python float into `param_group["lr"]`, which the compiled `fn` is then
# guarded on; each reduction recompiled (torch 2.8). On torch 2.13 one graph is built over the
# eight steps. Fine today. The report's script on the CPU.
# label: none
# verify: sum(c.torch.values()) <= 2
import torch
from torch import nn, optim

model = nn.Linear(1, 1)
model(torch.ones(1, 1)).sum().backward()

lr = torch.tensor(0.1)
opt = optim.Adam(model.parameters(), lr=lr)
scheduler = optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=1, min_lr=0.001)


@torch.compile(fullgraph=False)
def fn(metric):
    opt.step()
    scheduler.step(metric)


total_steps = 8
fake_metrics = torch.linspace(1.0, 0.0, total_steps)
fake_metrics[3:6] = fake_metrics[3]

for metric in fake_metrics:
    fn(metric)
