# source: https://github.com/tenstorrent/tt-xla/issues/5835
# framework: PyTorch
# Label: fine look-alike with torch.compile's default (inductor-style) settings. The report: the
# Krea realtime model's self-attention takes its KV-cache write position from mutable Python-int
# counters in a dict (`kv_cache["global_end_index"]`), and under `torch.compile(backend="tt")` the
# second denoising step "triggers a recompile storm". Run with torch 2.13 and the default dynamic
# shapes: the counter changes on every call, Dynamo compiles twice (the second graph dynamic in it)
# and reuses it for all twelve steps, with the same outputs as eager. The tt backend (and whatever
# static-shape setting it uses) is not available here; the attention is cut to the cache write.
# label: none
# verify: sum(c.torch.values()) <= 2 and close(c.outs, e.outs)
import torch


class CausalSelfAttention(torch.nn.Module):
    def forward(self, x, kv_cache):
        start = kv_cache["global_end_index"]
        end = start + x.shape[1]
        kv_cache["k"][:, start:end] = x
        kv_cache["global_end_index"] = end
        return kv_cache["k"][:, :end].sum(1)


attn = torch.compile(CausalSelfAttention())
kv_cache = {"global_end_index": 0, "k": torch.zeros(1, 64, 4)}
outs = [attn(torch.ones(1, 3, 4) * step, kv_cache) for step in range(12)]
print(outs[-1])
