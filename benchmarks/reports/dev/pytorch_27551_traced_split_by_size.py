# source: https://github.com/pytorch/pytorch/issues/27551
# framework: PyTorch
# "torch.split with tensor sizes fails in tracing": `torch.split(x, x.size(1))` in a module's
# forward. In 2019 the trace itself raised; on torch 2.13 the trace succeeds, but it records the
# number of chunks the example input gave (one) as a fixed list: the traced module fails on an
# input of another size ("Expected 1 elements in a list but found 3"), which eager splits into
# three chunks. The traced module still works on the example's size.
# verify: c.error is not None and c.same_size_ok and c.eager_chunks == 3
import torch


class MyModule(torch.nn.Module):
    def forward(self, x):
        return torch.split(x, x.size(1))  # label: ACC3


m = MyModule()
x = torch.randn(1, 2, 3, 4)
traced = torch.jit.trace(m, x)
same_size_ok = all(torch.equal(p, q) for p, q in zip(traced(x), m(x)))
x2 = torch.randn(6, 2, 3, 4)
eager_chunks = len(m(x2))
error = None
try:
    traced(x2)
except Exception as exc:
    error = type(exc).__name__
print(error, same_size_ok, eager_chunks)
