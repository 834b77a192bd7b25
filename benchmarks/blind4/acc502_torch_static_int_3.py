# source: blind58:acc502_torch_static_int_3
# framework: PyTorch
# A diffusion sampler compiled with dynamic=False takes the timestep as a Python int: each
# int is specialised in the guards, so every step of the sampling loop compiles again.
# verify: c.torch['forward'] >= 8
import torch


class Denoiser(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x, t):
        return self.lin(x) * (1.0 - t / 1000)


def sample(model, x, steps):
    for t in reversed(range(steps)):
        x = model(x, t)  # label: ACC502
    return x


model = torch.compile(Denoiser(), dynamic=False)
with torch.no_grad():
    x_final = sample(model, torch.ones(2, 4), 12)
