# source: https://github.com/WhisperSpeech/WhisperSpeech/issues/44
# framework: PyTorch
# label: none
# "Make `torch.compile` more robust to changes in `T` and `top_k`": "`torch.compile` is confused
# when we change sampling temperature and `top_k` parameters and recompiles the model"; the
# proposal wraps them in tensors before `generate_next`. Reduced to a compiled
# `generate_next(logits, T, top_k)` called with five temperatures and three `top_k` values
# over a generation: on torch 2.13 the first change recompiles and the Python float and int are
# then traced symbolically (automatic dynamic), so the graphs stay bounded - a cost paid once.
# verify: c.torch["generate_next"] <= 3 and close(c.tokens, e.tokens)
import torch


@torch.compile
def generate_next(logits, T, top_k):
    logits = logits / T
    v, _ = torch.topk(logits, top_k)
    logits = torch.where(logits < v[..., -1:], torch.full_like(logits, -1e9), logits)
    return torch.argmax(torch.softmax(logits, -1), -1)


torch.manual_seed(0)
logits = torch.randn(2, 16)
tokens = []
for T, top_k in [(0.7, 8), (0.8, 8), (1.0, 4), (0.5, 4), (0.9, 12), (0.6, 12)]:
    tokens.append(generate_next(logits, T, top_k))
print(tokens)
