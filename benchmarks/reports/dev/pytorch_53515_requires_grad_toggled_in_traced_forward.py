# source: https://github.com/pytorch/pytorch/issues/53515
# framework: PyTorch
# `forward` switches the parameter's `requires_grad` on, runs the model, and switches it off.
# `torch.jit.trace` runs those Python assignments once, while tracing; the traced module runs
# with the parameter as it was left (`requires_grad=False`), so `backward` finds nothing that
# requires grad. The eager module works. CUDA dropped; both runs are in this module.
# verify: c.traced_error is not None and c.eager_error is None
import torch
from torch import nn, jit
from torch.optim import SGD

inputs = torch.tensor([2.0])
model = nn.Linear(1, 1, bias=False)

optimizer = SGD(model.parameters(), lr=1e-1)


class MyModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = model

    def forward(self, x):
        param = next(self.parameters())

        param.requires_grad = True  # label[r]: ACC4
        x = self.model(x).mean()
        param.requires_grad = False  # label[r]
        return x


def run(forward):
    try:
        result = forward(inputs)
        result.mean().backward()
        optimizer.step()
        optimizer.zero_grad()
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


c = MyModule()
eager_error = run(c)
forward = jit.trace(c, (inputs,))
traced_error = run(forward)
print(eager_error, traced_error)
