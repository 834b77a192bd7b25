# source: blind56:torch_fullgraph_loss_if_1
# framework: PyTorch
# The training step is compiled with fullgraph=True; the loss helper it calls switches to a
# robust loss with a Python `if` on the loss tensor. Under fullgraph a data-dependent branch
# cannot break the graph: compiling the step raises. (With compilation switched off a
# fullgraph function refuses to run, so the check compares with the helper called directly.)
# verify: c.error is not None and c.direct_loss > 0
import torch
from torch import nn

HPARAMS = {"huber_above": 1.0, "lr": 0.1}


def robust_loss(pred, target, hparams):
    mse = ((pred - target) ** 2).mean()
    if mse > hparams["huber_above"]:  # label: ACC2
        return nn.functional.smooth_l1_loss(pred, target)
    return mse


def make_step(model, opt):
    @torch.compile(fullgraph=True)
    def step(x, y):
        return robust_loss(model(x), y, HPARAMS)

    return step


model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=HPARAMS["lr"])
step = make_step(model, opt)
direct_loss = float(robust_loss(model(torch.ones(4, 3)), torch.full((4, 1), 5.0), HPARAMS))
error = None
try:
    for _ in range(3):
        loss = step(torch.ones(4, 3), torch.full((4, 1), 5.0))
        opt.zero_grad()
        loss.backward()
        opt.step()
except Exception as exc:
    error = type(exc).__name__
