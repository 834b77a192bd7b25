# source: blind56:torch_trace_mix_cfg_dict_3
# framework: PyTorch
# A feature mixer blends two branches by `self.cfg["mix"]` from a config dict, and the model
# is traced once for a fast evaluation path. The evaluation callback later sets a new mix in
# the dict; the traced model still blends with the first one.
# verify: not close(c.traced_out, c.eager_out)
import torch
from torch import nn


class Mixer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.a = nn.Linear(3, 3)
        self.b = nn.Linear(3, 3)

    def forward(self, x):
        mix = self.cfg["mix"]  # label[a]: ACC6
        return mix * self.a(x) + (1 - mix) * self.b(x)


class FastEval:
    def __init__(self, model):
        self.model = model
        self.fast = torch.jit.trace(model, torch.ones(1, 3))

    def set_mix(self, value):
        self.model.cfg["mix"] = value  # label[a]

    def __call__(self, x):
        return self.fast(x)


torch.manual_seed(0)
cfg = {"mix": 0.5}
model = Mixer(cfg)
evaluator = FastEval(model)
evaluator.set_mix(0.9)
x = torch.ones(1, 3)
with torch.no_grad():
    traced_out = evaluator(x)
    eager_out = model(x)
