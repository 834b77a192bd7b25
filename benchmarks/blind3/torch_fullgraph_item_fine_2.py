# source: blind57:torch_fullgraph_item_fine_2
# framework: PyTorch
# label: none
# A clipping helper reads the largest activation with `.item()` in a model compiled with
# `fullgraph=True`; torch 2.13 traces the `.item()` into the graph (no break, no error), and
# the compiled result equals a direct call's (the eager twin cannot run a `fullgraph=True`
# function, so the check compares with the module called directly).
# verify: c.error is None and close(c.result, c.direct)
import torch
from torch import nn


def soft_clip(x, limit=3.0):
    peak = x.abs().max().item()
    return x * min(1.0, limit / (peak + 1e-6))


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return soft_clip(self.fc(x))


def build(cfg):
    model = Head()
    return model, torch.compile(model, fullgraph=cfg["fullgraph"])


def run(cfg):
    torch.manual_seed(0)
    model, compiled = build(cfg)
    x = torch.ones(2, 4) * 5
    try:
        with torch.no_grad():
            return None, compiled(x), model(x)
    except Exception as exc:
        return type(exc).__name__, None, None


error, result, direct = run({"fullgraph": True})
