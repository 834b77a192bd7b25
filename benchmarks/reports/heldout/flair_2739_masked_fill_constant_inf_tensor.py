# source: https://github.com/flairNLP/flair/pull/2739
# framework: PyTorch
# label: none
# flair's "GH-2640/transformer forward" pull request traced transformer embeddings with
# torch.jit, and the test suite failed on a TracerWarning it treated as an error; the warning
# came from `scores.masked_fill(mask, torch.tensor(-float("inf")))` ("torch.tensor results are
# registered as constants in the trace"). The tensor is built from a Python constant, the same on
# every call: recording it as a constant is right. Reduced to that masked attention score,
# traced on a 5-token batch: on 8 tokens the traced and eager outputs agree.
# verify: c.agree and c.same_ok
import warnings

import torch

warnings.simplefilter("ignore")


def masked_attention(scores, lengths):
    positions = torch.arange(scores.shape[-1])
    mask = positions[None, :] >= lengths[:, None]
    scores = scores.masked_fill(mask, torch.tensor(-float("inf")))
    return scores.softmax(-1)


traced = torch.jit.trace(masked_attention, (torch.randn(2, 5), torch.tensor([3, 5])))
s5, l5 = torch.randn(2, 5), torch.tensor([2, 4])
same_ok = torch.allclose(traced(s5, l5), masked_attention(s5, l5))
s8, l8 = torch.randn(2, 8), torch.tensor([6, 8])
agree = torch.allclose(traced(s8, l8), masked_attention(s8, l8))
print(agree, same_ok)
