# source: https://github.com/pytorch/pytorch/issues/156520
# framework: PyTorch
# "[user empathy] compile for `transformers` model": trying to compile a repeated block instead
# of the whole model (regional compilation), the author writes a small test case with a
# transformers-style `Cache` holding per-layer key/value tensors and `update(new_k, new_v, idx)`
# indexing them with the layer number. The stored thread cuts the test after `class
# Transformer(torch.nn.Module)`; reduced to the cache as written (CPU tensors, the unused `get`
# left out) and a stack of identical layers whose forward, the compiled region, updates the cache
# at its own layer index. Every layer runs the same code with another Python int `idx` and another
# cache tensor, so the one compiled region recompiles per layer until the limit.
# verify: c.torch['forward'] >= 8 and close(c.out_tensor, e.out_tensor)
import torch


class Cache:
    def __init__(self, num_layers):
        self.key_cache = []
        self.value_cache = []
        for i in range(num_layers):
            k = torch.zeros(4, 4)
            v = torch.zeros(4, 4)
            torch._dynamo.mark_static_address(k)
            torch._dynamo.mark_static_address(v)
            self.key_cache.append(k)
            self.value_cache.append(v)

    def update(self, new_k, new_v, idx):
        self.key_cache[idx].copy_(new_k)
        self.value_cache[idx].copy_(new_v)
        return self.key_cache[idx], self.value_cache[idx]


class Layer(torch.nn.Module):
    def __init__(self, idx):
        super().__init__()
        self.idx = idx
        self.k_proj = torch.nn.Linear(4, 4)
        self.v_proj = torch.nn.Linear(4, 4)

    def forward(self, x, cache):
        k, v = cache.update(self.k_proj(x), self.v_proj(x), self.idx)
        return x + (x @ k.T).softmax(-1) @ v


class Transformer(torch.nn.Module):
    def __init__(self, num_layers):
        super().__init__()
        self.layers = torch.nn.ModuleList([Layer(i) for i in range(num_layers)])
        for layer in self.layers:
            layer.compile()  # label: ACC5

    def forward(self, x, cache):
        for layer in self.layers:
            x = layer(x, cache)
        return x


torch.manual_seed(0)
num_layers = 12
model = Transformer(num_layers)
cache = Cache(num_layers)
with torch.no_grad():
    out_tensor = model(torch.randn(4, 4), cache)
print(out_tensor.sum())
