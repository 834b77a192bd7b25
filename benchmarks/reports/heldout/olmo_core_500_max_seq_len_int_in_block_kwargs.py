# source: https://github.com/allenai/OLMo-core/issues/500
# framework: PyTorch
# OLMo-core "Frequent recompilation triggered by dynamic shapes (cu_doc_lens) and varying scalars
# (max_seq_len) in block_kwargs": each transformer block is compiled, and `block_kwargs` carries
# `max_seq_len` as a Python int that changes with the batch's documents, plus `cu_doc_lens`
# whose length changes. Reduced: a compiled block called with a new max_seq_len and a new number
# of documents every step. The run counts the block's graphs over ten steps: on torch 2.13 the
# second call recompiles with the int and the lengths symbolic (automatic dynamic), and the
# eight later values reuse that graph. Bounded: fine as to storms with the default `dynamic`.
# label: none
# verify: c.torch['forward'] <= 2 and close(c.result, e.result)
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x, cu_doc_lens=None, max_doc_len=None):
        h = self.proj(x)
        pos = torch.arange(max_doc_len)
        scale = (pos.float().mean() + 1) / max_doc_len
        return h * scale + cu_doc_lens.float().mean()


torch.manual_seed(0)
block = torch.compile(Block())
x = torch.randn(1, 32, 8)
for step in range(10):
    n_docs = 2 + step % 5
    cu_doc_lens = torch.linspace(0, 32, n_docs).long()
    max_doc_len = 7 + 3 * step
    result = block(x, cu_doc_lens=cu_doc_lens, max_doc_len=max_doc_len).detach()
print(result.shape)
