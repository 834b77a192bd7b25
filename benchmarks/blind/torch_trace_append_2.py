# source: blind55:torch_trace_append_2
# framework: PyTorch
# A feature extractor stores each call's features in a Python list for later analysis; after
# torch.jit.trace, the traced module never appends again.
# verify: c.n_traced_feats == 1 and c.n_eager_feats == 4
import torch
from torch import nn


class Extractor(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.feats = []

    def forward(self, x):
        h = self.fc(x)
        self.feats.append(h.detach())  # label: ACC4
        return h.sum()


torch.manual_seed(0)
ext = Extractor()
traced = torch.jit.trace(ext, torch.ones(1, 3), check_trace=False)
for i in range(4):
    traced(torch.ones(1, 3) * i)
n_traced_feats = len(ext.feats)
ext.feats.clear()
for i in range(4):
    ext(torch.ones(1, 3) * i)
n_eager_feats = len(ext.feats)
