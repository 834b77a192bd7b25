# source: blind55:torch_default_dynamic_fine_1
# framework: PyTorch
# label: none
# The same varying-length batches with the default compile: after the first recompile the length
# is made dynamic, so there are two compiles in all.
# verify: c.torch['forward'] <= 2
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


model = torch.compile(Encoder())
outs = [model(tokens) for tokens in loader(12)]
