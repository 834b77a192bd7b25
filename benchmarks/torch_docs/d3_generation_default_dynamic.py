# source: https://docs.pytorch.org/docs/main/compile/dynamic_shapes_core_concepts.html
# framework: PyTorch
# property: look-alike of d1: by default (dynamic=None) the second shape compiles a graph dynamic
# in it: two graphs for the whole decoding loop.
# label: none
# verify: c.torch['forward'] <= 2
import torch
from torch import nn


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(16, 8)
        self.head = nn.Linear(8, 16)

    def forward(self, tokens):
        return self.head(self.emb(tokens).mean(1))


def generate(model, tokens, steps):
    for _ in range(steps):
        nxt = model(tokens).argmax(-1, keepdim=True)
        tokens = torch.cat([tokens, nxt], dim=1)
    return tokens


model = torch.compile(TinyLM())
with torch.no_grad():
    print(generate(model, torch.zeros(1, 1, dtype=torch.long), 10).shape)
