# source: https://github.com/NVIDIA/apex/issues/1843
# framework: PyTorch
# "ASP Automatic Sparsity forward function For Loop Error": apex's ASP traces the model with
# torch.fx, and yolov8's C2f block does `y = list(self.cv1(x).chunk(2, 1))` - a Python list of
# the chunks of a traced value - then extends it in a loop over its sub-modules. Under symbolic
# tracing the chunk result is a Proxy, and `list()` iterates it: "TraceError: Proxy object cannot
# be iterated". Reduced to the C2f block with two bottlenecks: symbolic_trace raises, the eager
# forward runs.
# verify: c.error == "TraceError" and c.eager_ok
import torch
import torch.fx
import torch.nn as nn


class C2f(nn.Module):
    def __init__(self, c1=4, c2=4, n=2):
        super().__init__()
        self.c = c2 // 2
        self.cv1 = nn.Conv2d(c1, 2 * self.c, 1)
        self.cv2 = nn.Conv2d((2 + n) * self.c, c2, 1)
        self.m = nn.ModuleList(nn.Conv2d(self.c, self.c, 3, padding=1) for _ in range(n))

    def forward(self, x):
        """Forward pass through C2f layer."""
        y = list(self.cv1(x).chunk(2, 1))  # label: ACC3
        y.extend(m(y[-1]) for m in self.m)
        return self.cv2(torch.cat(y, 1))


model = C2f()
eager_ok = model(torch.randn(1, 4, 8, 8)).shape == (1, 4, 8, 8)
error = None
try:
    torch.fx.symbolic_trace(model)
except Exception as exc:
    error = type(exc).__name__
print(error, eager_ok)
