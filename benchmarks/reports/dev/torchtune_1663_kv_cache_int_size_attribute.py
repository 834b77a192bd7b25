# source: https://github.com/meta-pytorch/torchtune/pull/1663
# framework: PyTorch
# "Fixing recompiles in KV-cache + compile": torchtune's KVCache kept the fill level in a Python
# int attribute, `self.size`, advanced by every update and used to slice the cache. The compiled
# model guards on `...kv_cache.size == 4` and recompiles at each decoded token (the log shows a
# recompile per step); the fix keeps the positions in a buffer (`cache_pos`). Reduced to one
# attention layer with that cache, a prefill of 4 tokens and 12 decode steps: every step is a
# new graph until the recompile limit (8).
# verify: c.torch['forward'] >= 8
import torch
import torch.nn as nn


class KVCache(nn.Module):
    def __init__(self, max_seq_len=32, dim=4):
        super().__init__()
        self.register_buffer("k_cache", torch.zeros(1, max_seq_len, dim), persistent=False)
        self.size = 0

    def update(self, k_val):
        seq_len = k_val.shape[1]
        self.k_cache[:, self.size : self.size + seq_len] = k_val
        self.size += seq_len
        return self.k_cache[:, : self.size]


class Attention(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.k_proj = nn.Linear(dim, dim)
        self.kv_cache = KVCache(dim=dim)

    def forward(self, x):
        k = self.kv_cache.update(self.k_proj(x))
        return (x @ k.transpose(1, 2)).softmax(-1) @ k


model = Attention()
compiled = torch.compile(model)
with torch.no_grad():
    compiled(torch.randn(1, 4, 4))  # prefill
    for step in range(12):
        out = compiled(torch.randn(1, 1, 4))  # label: ACC5
print(model.kv_cache.size)
