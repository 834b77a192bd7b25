# source: blind57:torch_vmap_item_1
# framework: PyTorch
# Per-sample gradient norms with `torch.func.vmap(grad(...))`; the per-sample loss calls a
# robust-loss helper that picks its threshold with `.item()`, which vmap cannot do.
# verify: c.error is not None and c.loop_ok
import torch
from torch.func import functional_call, grad, vmap


def robust(err):
    delta = max(0.5, err.abs().mean().item())  # label: ACC3
    return torch.where(err.abs() < delta, 0.5 * err ** 2, delta * (err.abs() - 0.5 * delta)).sum()


class PerSampleGrads:
    def __init__(self, model):
        self.model = model
        self.params = {k: v.detach() for k, v in model.named_parameters()}

    def loss(self, params, x, y):
        pred = functional_call(self.model, params, (x.unsqueeze(0),))
        return robust(pred.squeeze(0) - y)

    def norms(self, x, y):
        g = vmap(grad(self.loss), in_dims=(None, 0, 0))(self.params, x, y)
        return torch.stack([v.flatten(1).norm(dim=1) for v in g.values()]).sum(0)


def main():
    torch.manual_seed(0)
    psg = PerSampleGrads(torch.nn.Linear(3, 1))
    x, y = torch.randn(5, 3), torch.randn(5, 1)
    loop_ok = all(torch.isfinite(psg.loss(psg.params, xi, yi)) for xi, yi in zip(x, y))
    try:
        psg.norms(x, y)
    except Exception as exc:
        return type(exc).__name__, loop_ok
    return None, loop_ok


error, loop_ok = main()
