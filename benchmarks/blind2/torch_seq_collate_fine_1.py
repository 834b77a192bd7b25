# source: blind56:torch_seq_collate_fine_1
# framework: PyTorch
# label: none
# The same padded-to-longest batches with torch.compile's default: after the first new length
# the compiled graph is made dynamic in the sequence dimension, so the batches need at most
# two or three compiles, not one per length.
# verify: c.torch['forward'] <= 3
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
        return [model(b).argmax(-1) for b in batches]


model = torch.compile(BagClassifier(CONFIG["vocab"], CONFIG["dim"]))
preds = predict_all(model, loader(CONFIG))
