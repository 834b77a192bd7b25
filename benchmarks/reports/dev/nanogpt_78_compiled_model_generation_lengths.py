# source: https://github.com/karpathy/build-nanogpt/pull/78
# framework: PyTorch
# "Make example generation work when the model is torch.compile-d": the model is compiled for
# (64, 1024) training batches, while sample generation feeds (4, 8) ... (4, 32) token tensors,
# one longer each step; the PR pads generation inputs to the training shape. Run on torch 2.13:
# the first new length recompiles with a dynamic sequence dimension and that graph serves every
# later length, so generation costs two or three graphs, not one per token, and matches eager.
# Fine as run. A two-layer causal toy model stands in for GPT-2, (4, 16) for the training batch.
# label: none
# verify: sum(c.torch.values()) <= 3 and close(c.tokens, e.tokens)
import torch


class TinyLM(torch.nn.Module):
    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.emb = torch.nn.Embedding(vocab, dim)
        self.head = torch.nn.Linear(dim, vocab)

    def forward(self, idx):
        h = self.emb(idx).cumsum(dim=1)
        return self.head(h)


torch.manual_seed(0)
model = TinyLM()
model = torch.compile(model)
model(torch.randint(0, 50, (4, 16)))  # training-shaped call
xgen = torch.randint(0, 50, (4, 8))
with torch.no_grad():
    while xgen.size(1) < 16:
        logits = model(xgen)[:, -1, :]
        nxt = logits.argmax(dim=-1, keepdim=True)
        xgen = torch.cat((xgen, nxt), dim=1)
tokens = xgen
print(tokens[0].tolist())
