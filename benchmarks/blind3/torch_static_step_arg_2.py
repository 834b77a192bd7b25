# source: blind57:torch_static_step_arg_2
# framework: PyTorch
# A noise schedule indexes its table with the epoch counter passed as a Python int to a
# module compiled with `dynamic=False`: a new int per epoch, a recompile per epoch.
# verify: c.torch['forward'] >= 8
import torch
from torch import nn

CONFIG = {"timesteps": 16, "hidden": 8, "epochs": 12}


class Denoiser(nn.Module):
    def __init__(self, hidden, timesteps):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, hidden))
        self.register_buffer("alphas", torch.linspace(0.99, 0.5, timesteps))

    def forward(self, x, t):
        a = self.alphas[t]
        return self.net(x * a) / (t + 1)


def build_model(cfg):
    model = Denoiser(cfg["hidden"], cfg["timesteps"])
    return torch.compile(model, dynamic=False)  # label[a]


class DiffusionLoop:
    def __init__(self, model):
        self.model = model

    def denoise(self, x, t):
        return self.model(x, t)  # label[a]: ACC5

    def run(self, epochs):
        x = torch.ones(2, CONFIG["hidden"])
        outs = []
        with torch.no_grad():
            for epoch in range(epochs):
                outs.append(self.denoise(x, epoch % CONFIG["timesteps"]))
        return outs


def main():
    loop = DiffusionLoop(build_model(CONFIG))
    return loop.run(CONFIG["epochs"])


outs = main()
