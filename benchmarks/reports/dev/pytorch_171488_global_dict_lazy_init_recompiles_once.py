# source: https://github.com/pytorch/pytorch/issues/171488
# framework: PyTorch
# The einops-style lazy initialization: the compiled `fn` fills a global dict on its first
# call (`if key not in d: d[key] = 1`); the second call sees a changed dict and recompiles once,
# then every call hits. One extra compile, which the report's `fail_on_recompile` stance turned
# into an error (the stance is dropped; the compiles are counted; no eager twin, as
# `fullgraph=True` refuses to run with compilation disabled). Fine.
# label: none
# verify: sum(c.torch.values()) <= 2
import torch

d = {}


@torch.compile(backend="eager", fullgraph=True)
def fn(x, key):
    if key not in d:
        d[key] = 1
    return x.sin()


x = torch.randn(2)
fn(x, "torch")
for _ in range(5):
    out = fn(x, "torch")
