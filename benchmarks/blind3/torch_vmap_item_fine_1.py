# source: blind57:torch_vmap_item_fine_1
# framework: PyTorch
# label: none
# The robust loss keeps its threshold a tensor (`torch.clamp` instead of `max(.., .item())`),
# so `vmap(grad(...))` computes every per-sample gradient.
# verify: c.error is None
import torch
from torch.func import functional_call, grad, vmap


def robust(err):
    delta = torch.clamp(err.abs().mean(), min=0.5)
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
    try:
        return None, psg.norms(x, y)
    except Exception as exc:
        return type(exc).__name__, None


error, norms = main()
