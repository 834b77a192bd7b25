# source: blind55:torch_dynamic_false_1
# framework: PyTorch
# The model is compiled with dynamic=False (to get static kernels) but the data loader yields
# batches of varying sequence length: every new length is a recompile, up to the limit.
# verify: c.torch['forward'] >= 8
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 16)
        self.out = nn.Linear(16, 2)

    def forward(self, tokens):
        return self.out(self.emb(tokens).mean(1))


def loader(n):
    g = torch.Generator().manual_seed(0)
    for _ in range(n):
        length = int(torch.randint(4, 64, (1,), generator=g))
        yield torch.randint(0, 100, (2, length), generator=g)


model = torch.compile(Encoder(), dynamic=False)
outs = [model(tokens) for tokens in loader(12)]  # label: ACC5
