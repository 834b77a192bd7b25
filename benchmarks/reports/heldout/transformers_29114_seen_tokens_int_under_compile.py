# source: https://github.com/huggingface/transformers/pull/29114
# framework: PyTorch
# Label: fine look-alike under today's torch. The PR made the static cache's `seen_tokens` a tensor
# because as a Python int it was "somehow not updated" under torch.compile (torch 2.2). Run with
# torch 2.13: a compiled step that writes the new key at `seen_tokens` and increments the int
# attribute counts 10 tokens after 10 steps and fills the cache like eager; Dynamo compiles twice
# (the int goes dynamic after its first change) and then reuses the graph. The cache is cut to
# one key buffer and passed to the step as an argument.
# label: none
# verify: c.cache.seen_tokens == 10 and sum(c.torch.values()) <= 2 and close(c.keys, e.keys)
import torch


class StaticCache:
    def __init__(self, max_cache_len=16):
        self.key_cache = torch.zeros(1, max_cache_len)
        self.seen_tokens = 0

    def update(self, key_states):
        pos = self.seen_tokens
        self.key_cache[:, pos:pos + key_states.shape[1]] = key_states
        self.seen_tokens += key_states.shape[1]
        return self.key_cache


@torch.compile
def decode_step(cache, key_states):
    return cache.update(key_states) * 2


cache = StaticCache()
for step in range(10):
    out = decode_step(cache, torch.ones(1, 1) * (step + 1))
keys = cache.key_cache
print(cache.seen_tokens, keys)
