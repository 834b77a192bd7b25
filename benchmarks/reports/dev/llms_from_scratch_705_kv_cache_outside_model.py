# source: https://github.com/rasbt/LLMs-from-scratch/pull/705
# framework: PyTorch
# label: none
# "Improve KV cache code for torch.compile": the KV cache is grown with `torch.cat` (allocating
# only what is needed) and kept outside the model classes, so the compiled model takes the cache
# as an input and returns the grown one. Reduced to one attention block decoding 12 tokens after
# a 4-token prompt: the cache's length changes every step, and Dynamo marks that dimension
# dynamic after the first recompile: 2 graphs for the decode loop (3 with the prefill), and the
# outputs equal eager's.
# verify: c.torch['forward'] <= 3 and close(c.outs, e.outs)
import torch
import torch.nn as nn

torch.manual_seed(0)


class Attention(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.k_proj = nn.Linear(dim, dim)

    def forward(self, x, cache=None):
        k = self.k_proj(x)
        if cache is not None:
            k = torch.cat([cache, k], dim=1)
        return (x @ k.transpose(1, 2)).softmax(-1) @ k, k


model = Attention()
compiled = torch.compile(model)
tokens = torch.randn(1, 16, 4)
outs = []
with torch.no_grad():
    out, cache = compiled(tokens[:, :4])
    for t in range(4, 16):
        out, cache = compiled(tokens[:, t : t + 1], cache)
        outs.append(out)
outs = torch.cat(outs, dim=1)
print(cache.shape)
