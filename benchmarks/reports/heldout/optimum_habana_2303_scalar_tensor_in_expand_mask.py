# source: https://github.com/huggingface/optimum-habana/pull/2303
# framework: PyTorch
# "Improve perf for torch.compile scenarios": "the creation of a new tensor (torch.tensor(1.0))
# within the _expand_mask function ... led to _expand_mask being treated as re-compilable on
# every invocation" on Gaudi; the PR uses the scalar 1.0. The attention-mask expansion of the
# transformers models, compiled and called for ten batches of one shape on CPU with torch 2.13:
# the constant tensor is a constant of the graph, compiled once, and the masks are eager's.
# label: none
# verify: c.torch['_expand_mask'] <= 2 and close(c.masks, e.masks)
import torch


def _expand_mask(mask, dtype, tgt_len=None):
    bsz, src_len = mask.size()
    tgt_len = tgt_len if tgt_len is not None else src_len

    expanded_mask = mask[:, None, None, :].expand(bsz, 1, tgt_len, src_len).to(dtype)

    inverted_mask = torch.tensor(1.0) - expanded_mask

    return inverted_mask.masked_fill(inverted_mask.to(torch.bool), torch.finfo(dtype).min)


expand = torch.compile(_expand_mask)
g = torch.Generator().manual_seed(0)
masks = [expand((torch.rand(2, 6, generator=g) > 0.3).long(), torch.float32) for _ in range(10)]
print(masks[-1].shape)
