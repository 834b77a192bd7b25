# source: https://github.com/pytorch/pytorch/issues/141486
# framework: PyTorch
# `create_block_mask` is compiled (as the FlexAttention docs advise, to avoid materialising
# the mask) and called with a sliding-window `mask_mod` for a sequence length that changes on
# every step; the report sees a recompilation at every step. The mask function is the report's
# kind (sliding window); the lengths are ten different values, on CPU. The maintainer expects
# automatic dynamic shapes to stop the recompiles unless `dynamic=False`. On torch 2.13 (CPU)
# it compiles twice in ten steps: fine as to storms.
# label: none
# verify: c.torch['create_block_mask'] <= 2
import torch
from torch.nn.attention.flex_attention import create_block_mask

WINDOW = 64


def sliding_window(b, h, q_idx, kv_idx):
    return (q_idx - kv_idx).abs() <= WINDOW


create_block_mask_compiled = torch.compile(create_block_mask)
for step in range(10):
    seq_len = 256 + 128 * step
    block_mask = create_block_mask_compiled(sliding_window, None, None, seq_len, seq_len, device="cpu")
