# source: https://theneuralbase.com/pytorch/learn/advanced/when-compile-helps-vs-hurts/
# framework: PyTorch
# Label: fine look-alike. The page times a compiled model apart from its compilation: one warmup
# call under `torch.no_grad()` compiles, then the timed calls with the same input reuse the graph.
# The page's `torch.compile(model, dynamic_shapes=True)` is not an argument torch.compile takes
# (TypeError); its documented name, `dynamic=True`, is used. The model is a small stand-in.
# label: none
# verify: sum(c.torch.values()) == 1 and close(c.result, e.result)
import time

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
model_compiled = torch.compile(model, dynamic=True)
input_tensor = torch.randn(32, 64)
with torch.no_grad():
    for _ in range(1):
        _ = model_compiled(input_tensor)
    start = time.perf_counter()
    for _ in range(10):
        result = model_compiled(input_tensor)
    elapsed = time.perf_counter() - start
print(f"{elapsed:.4f}s")
