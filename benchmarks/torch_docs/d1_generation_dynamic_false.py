# source: https://docs.pytorch.org/docs/main/compile/dynamic_shapes_core_concepts.html
# framework: PyTorch
# property: with dynamic=False every new input shape is a new graph: a sequence grown on every
# decoding step recompiles each step up to the limit.
# spelling: a greedy decoding loop in generate(), called from main, on a compiled nn.Module.
# verify: c.torch['forward'] >= 8
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
        logits = model(tokens)  # label: ACC5
        nxt = logits.argmax(-1, keepdim=True)
        tokens = torch.cat([tokens, nxt], dim=1)
    return tokens


def main():
    model = torch.compile(TinyLM(), dynamic=False)
    with torch.no_grad():
        print(generate(model, torch.zeros(1, 1, dtype=torch.long), 10).shape)


main()
