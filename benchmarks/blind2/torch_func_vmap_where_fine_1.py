# source: blind56:torch_func_vmap_where_fine_1
# framework: PyTorch
# label: none
# The same per-sample clipping written with torch.clamp on the tensor: it works under
# torch.func.vmap/grad and gives the per-sample norms of a loop over samples.
# verify: c.error is None and close(c.norms, c.looped)
import torch
from torch.func import functional_call, grad, vmap


def clipped(loss, cap=10.0):
    return torch.clamp(loss, max=cap)


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

    def looped(self, xs, ys):
        out = []
        for x, y in zip(xs, ys):
            g = grad(self.sample_loss)(self.params, x, y)
            out.append(sum(v.norm() for v in g.values()))
        return torch.stack(out)


torch.manual_seed(0)
psg = PerSampleGrads(torch.nn.Linear(3, 1))
xs, ys = torch.randn(4, 3), torch.randn(4, 1)
error = None
norms = looped = None
try:
    norms = psg.norms(xs, ys)
    looped = psg.looped(xs, ys)
except Exception as exc:
    error = type(exc).__name__
