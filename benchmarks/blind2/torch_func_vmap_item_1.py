# source: blind56:torch_func_vmap_item_1
# framework: PyTorch
# Per-sample gradient norms with torch.func: a helper clips each sample's loss with `.item()`
# before the gradient. Under torch.func.vmap/grad the sample loss is a batched tensor and
# `.item()` raises, while the same helper works on a single sample called directly.
# verify: c.error is not None and c.direct_ok
import torch
from torch.func import functional_call, grad, vmap


def clipped(loss, cap=10.0):
    return loss if loss.item() < cap else loss * 0 + cap  # label: ACC3


class PerSampleGrads:
    def __init__(self, model):
        self.model = model
        self.params = {k: v.detach() for k, v in model.named_parameters()}

    def sample_loss(self, params, x, y):
        pred = functional_call(self.model, params, (x[None],))
        return clipped(((pred - y) ** 2).sum())

    def norms(self, xs, ys):
        grads = vmap(grad(self.sample_loss), in_dims=(None, 0, 0))(self.params, xs, ys)
        return torch.stack([g.flatten(1).norm(dim=1) for g in grads.values()]).sum(0)


torch.manual_seed(0)
psg = PerSampleGrads(torch.nn.Linear(3, 1))
xs, ys = torch.randn(4, 3), torch.randn(4, 1)
direct_ok = psg.sample_loss(psg.params, xs[0], ys[0]).shape == ()
error = None
try:
    norms = psg.norms(xs, ys)
except Exception as exc:
    error = type(exc).__name__
