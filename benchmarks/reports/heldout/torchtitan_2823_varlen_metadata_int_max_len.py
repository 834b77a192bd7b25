# source: https://github.com/pytorch/torchtitan/pull/2823
# framework: PyTorch
# Written from the pull request's description (the diff is not stored): `VarlenMetadata`
# carries `max_q` / `max_k` as Python ints, and every rollout's sequence lengths differ; the
# pull request makes them 0-d tensors "so per-rollout seq-length changes don't recompile"
# (with other changes: "From 10+ to only 1"). The metadata is the dataclass named in the
# description; the varlen attention kernel is a stand-in that pads each packed sequence to
# `max_q`. Ten rollouts with a different longest sequence each. On torch 2.13 the ints become
# dynamic at the first change: two compiles in ten rollouts, fine as to storms (the pull
# request's other recompile causes, a lazily set callable and two models sharing code, are not
# in this reduction).
# label: none
# verify: c.torch['forward'] <= 2
from dataclasses import dataclass

import torch


@dataclass
class VarlenMetadata:
    cu_seq_q: torch.Tensor
    cu_seq_k: torch.Tensor
    max_q: int
    max_k: int


class VarlenAttention(torch.nn.Module):
    def forward(self, xq, xk, xv, metadata: VarlenMetadata):
        num_seqs = metadata.cu_seq_q.numel() - 1
        q = xq.new_zeros(num_seqs, metadata.max_q, xq.shape[-1])
        k = xk.new_zeros(num_seqs, metadata.max_k, xk.shape[-1])
        scores = torch.einsum("bqd,bkd->bqk", q + 1, k + 1)
        return scores.softmax(-1).sum() + xv.sum()


attention = torch.compile(VarlenAttention(), fullgraph=True)
for rollout in range(10):
    lengths = torch.tensor([5 + rollout, 3, 4])
    cu = torch.nn.functional.pad(lengths.cumsum(0), (1, 0))
    total = int(lengths.sum())
    metadata = VarlenMetadata(cu, cu, max_q=int(lengths.max()), max_k=int(lengths.max()))
    x = torch.randn(total, 8)
    out_attn = attention(x, x, x, metadata)
