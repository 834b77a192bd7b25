# source: https://github.com/huggingface/diffusers/pull/13792
# framework: PyTorch
# label: none
# "[AnyFlow] FAR: standalone causal-mask builder + torch.compile follow-up": `_build_freqs`
# caches its rotary frequencies in `self._freqs_cache`; the PR skips the cache under compile
# because "mutating `self._freqs_cache` between calls becomes a Dynamo guard and forces
# recompilation on the second invocation". Reduced to the cached builder called from a compiled
# forward: the second call recompiles once for the filled cache and later calls reuse it - one
# extra compile, once, and the outputs match eager.
# verify: c.torch["forward"] <= 2 and close(c.outs, e.outs)
from typing import Any, Optional, Tuple

import torch


class Transformer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(8, 8)
        self._freqs_cache: Optional[Tuple[Any, torch.Tensor]] = None

    def _build_freqs(self, device: torch.device) -> torch.Tensor:
        cache_key = (device.type, str(device))
        if self._freqs_cache is not None and self._freqs_cache[0] == cache_key:
            return self._freqs_cache[1]
        freqs = 1.0 / (10000 ** (torch.arange(0, 8, 2, dtype=torch.float32) / 8))
        freqs = torch.cat([freqs, freqs])
        self._freqs_cache = (cache_key, freqs)
        return freqs

    def forward(self, x):
        freqs = self._build_freqs(x.device)
        return self.proj(x) * torch.cos(freqs)


torch.manual_seed(0)
model = Transformer()
compiled = torch.compile(model)
x = torch.randn(2, 8)
outs = [compiled(x) for _ in range(4)]
print(outs[-1])
