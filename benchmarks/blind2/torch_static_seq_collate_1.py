# source: blind56:torch_static_seq_collate_1
# framework: PyTorch
# The classifier is compiled with `dynamic=False` (the author wanted static shapes for speed),
# and the collate function pads each batch to its longest sequence. Every new length is a new
# static shape: a recompile per batch, up to the limit.
# verify: c.torch['forward'] >= 8
import random

import torch
from torch import nn

CONFIG = {"vocab": 40, "dim": 8, "batch_size": 4, "batches": 12}


class BagClassifier(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.out = nn.Linear(dim, 2)

    def forward(self, tokens):
        return self.out(self.emb(tokens).mean(dim=1))


def collate(sequences):
    longest = max(len(s) for s in sequences)
    batch = torch.zeros(len(sequences), longest, dtype=torch.long)
    for i, s in enumerate(sequences):
        batch[i, : len(s)] = torch.tensor(s)
    return batch


def loader(cfg, seed=0):
    rng = random.Random(seed)
    for b in range(cfg["batches"]):
        yield collate([[rng.randrange(1, cfg["vocab"]) for _ in range(3 + b + rng.randrange(3))]
                       for _ in range(cfg["batch_size"])])


def predict_all(model, batches):
    with torch.no_grad():
        return [model(b).argmax(-1) for b in batches]  # label[a]: ACC5


model = torch.compile(BagClassifier(CONFIG["vocab"], CONFIG["dim"]), dynamic=False)  # label[a]
preds = predict_all(model, loader(CONFIG))
