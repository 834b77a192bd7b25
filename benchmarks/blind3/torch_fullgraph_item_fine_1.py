# source: blind57:torch_fullgraph_item_fine_1
# framework: PyTorch
# label: none
# The same `.item()` clip in a model compiled without `fullgraph`: Dynamo breaks the graph
# at `.item()` and runs it eagerly, so the results are right.
# verify: c.error is None and close(c.result, e.result)
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
            return None, compiled(x)
    except Exception as exc:
        return type(exc).__name__, None


error, result = run({"fullgraph": False})
