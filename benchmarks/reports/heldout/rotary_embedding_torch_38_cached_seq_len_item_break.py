# source: https://github.com/lucidrains/rotary-embedding-torch/pull/38
# framework: PyTorch
# `RotaryEmbedding.forward` before the pull request keeps the cached length in a 0-d int
# buffer and tests `(offset + seq_len) <= self.cached_freqs_seq_len.item()`; under
# torch.compile that `.item()` is a graph break ("Graph break from Tensor.item()"), and the
# cache update `self.cached_freqs_seq_len.copy_(seq_len)` copies a Python int into the buffer
# (a RuntimeError on the report's torch). The pull request keeps the length as a Python int.
# forward as in the package (einops' `repeat` written as `repeat_interleave`, einops is not
# installed here); the caller is a stand-in that rotates a sequence. On torch 2.13 the copy_
# compiles and the `.item()` breaks the graph (a resume frame is compiled): labelled as the
# framework table records `.item()` under torch.compile.
# verify: any("resume" in name for name in c.torch) and close(c.rotated, e.rotated)
import torch
from torch import einsum, nn


class RotaryEmbedding(nn.Module):
    def __init__(self, dim, theta=10000, cache_if_possible=True, cache_max_seq_len=8192):
        super().__init__()
        freqs = 1. / (theta ** (torch.arange(0, dim, 2)[:(dim // 2)].float() / dim))
        self.freqs = nn.Parameter(freqs, requires_grad=False)
        self.learned_freq = False
        self.freqs_for = 'lang'
        self.cache_if_possible = cache_if_possible
        self.cache_max_seq_len = cache_max_seq_len
        self.register_buffer('cached_freqs', torch.zeros(cache_max_seq_len, dim), persistent=False)
        self.register_buffer('cached_freqs_seq_len', torch.tensor(0), persistent=False)

    def forward(self, t, seq_len=None, offset=0):
        should_cache = (
            self.cache_if_possible and
            not self.learned_freq and
            seq_len is not None and
            self.freqs_for != 'pixel' and
            (offset + seq_len) <= self.cache_max_seq_len
        )

        if (
            should_cache and
            self.cached_freqs is not None and
            (offset + seq_len) <= self.cached_freqs_seq_len.item()  # label: ACC3
        ):
            return self.cached_freqs[offset:(offset + seq_len)].detach()

        freqs = self.freqs
        freqs = einsum('..., f -> ... f', t.type(freqs.dtype), freqs)
        freqs = freqs.repeat_interleave(2, dim=-1)

        if should_cache and offset == 0:
            self.cached_freqs[:seq_len] = freqs.detach()
            self.cached_freqs_seq_len.copy_(seq_len)

        return freqs


rotary_emb = RotaryEmbedding(dim=8)


def rotate(x):
    seq_len = x.shape[0]
    freqs = rotary_emb(torch.arange(seq_len), seq_len=seq_len)
    return x * freqs.cos() + x.flip(-1) * freqs.sin()


compiled_rotate = torch.compile(rotate)
x = torch.linspace(0, 1, 32).reshape(4, 8)
first = compiled_rotate(x)
rotated = compiled_rotate(x)
