# source: https://github.com/Dao-AILab/quack/issues/150
# framework: PyTorch
# Varlen training with `torch.compile(model, dynamic=False, fullgraph=True)`: the collator
# computes `max_seqlen = lengths.max().item()`, different for every flattened batch, and the
# model passes it to `apply_rotary_emb`; each new value fails the guard `max_length_k == 496`
# and recompiles. The model is reduced to the rotary embedding of the packed batch; the loop
# runs `num_steps` batches of random lengths. With `fullgraph=True` the eighth recompile is a
# hard error (`FailOnRecompileLimitHit`), caught here.
# Written from the report's description and recompile log (the model is quack's own code).
# verify: c.torch['forward'] >= 8 and "RecompileLimit" in c.error
import torch
from torch import nn


def apply_rotary_emb(x, cos, sin, cu_seqlens, max_seqlen):
    positions = torch.arange(max_seqlen)
    c, s = cos[positions], sin[positions]
    x1, x2 = x[..., : max_seqlen, 0], x[..., : max_seqlen, 1]
    return torch.stack([x1 * c - x2 * s, x1 * s + x2 * c], dim=-1)


class Model(nn.Module):
    def __init__(self, max_len=1024):
        super().__init__()
        freqs = torch.arange(max_len) * 0.01
        self.register_buffer("cos", torch.cos(freqs))
        self.register_buffer("sin", torch.sin(freqs))

    def forward(self, x, cu_seqlens, max_seqlen):
        return apply_rotary_emb(x, self.cos, self.sin, cu_seqlens, max_seqlen)


model = torch.compile(Model(), dynamic=False, fullgraph=True)
torch.manual_seed(0)
num_steps = 10
error = None
try:
    for step in range(num_steps):
        lengths = torch.randint(100, 500, (4,))
        cu_seqlens = torch.cat([torch.zeros(1, dtype=torch.long), lengths.cumsum(0)])
        max_seqlen = lengths.max().item()
        x = torch.randn(2, 1024, 2)
        out = model(x, cu_seqlens, max_seqlen)  # label: ACC5
except Exception as exc:  # noqa: BLE001 - the recompile limit's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
