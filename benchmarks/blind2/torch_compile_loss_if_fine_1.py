# source: blind56:torch_compile_loss_if_fine_1
# framework: PyTorch
# label: none
# The same robust loss with its tensor `if`, compiled with torch.compile's default
# (fullgraph=False): Dynamo breaks the graph at the branch and takes it in Python, so the
# losses are those of the eager run.
# verify: c.error is None and close(c.losses, e.losses)
import torch
from torch import nn

HPARAMS = {"huber_above": 1.0, "lr": 0.1}


def robust_loss(pred, target, hparams):
    mse = ((pred - target) ** 2).mean()
    if mse > hparams["huber_above"]:
        return nn.functional.smooth_l1_loss(pred, target)
    return mse


def make_step(model):
    @torch.compile
    def step(x, y):
        return robust_loss(model(x), y, HPARAMS)

    return step


torch.manual_seed(0)
model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=HPARAMS["lr"])
step = make_step(model)
error = None
losses = []
try:
    for _ in range(3):
        loss = step(torch.ones(4, 3), torch.full((4, 1), 5.0))
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.detach())
except Exception as exc:
    error = type(exc).__name__
