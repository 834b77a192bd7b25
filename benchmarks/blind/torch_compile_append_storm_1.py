# source: blind55:torch_compile_append_storm_1
# framework: PyTorch
# The feature list appended in a torch.compile'd forward. Written as a fine look-alike (Dynamo
# replays the append on every call); the run says the list's length is guarded, so every call
# finds a longer list and recompiles, up to the recompile limit.
# verify: c.torch['forward'] >= 8 and c.n_feats == 10
import torch
from torch import nn


class Extractor(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.feats = []

    def forward(self, x):
        h = self.fc(x)
        self.feats.append(h.detach())  # label[a]
        return h.sum()


ext = Extractor()
compiled = torch.compile(ext)
for i in range(10):
    compiled(torch.ones(1, 3) * i)  # label[a]: ACC5
n_feats = len(ext.feats)
