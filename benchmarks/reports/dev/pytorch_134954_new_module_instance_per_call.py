# source: https://github.com/pytorch/pytorch/issues/134954
# framework: PyTorch
# A compiled `forward(net, x)` called with a new `A(v)` instance each time (same class, same
# attribute value): the report (torch 2.4) saw a recompile on every call. On torch 2.13 the
# ten new instances share one graph: the module's parameters are inputs, and its float
# attribute is the same value. Fine today. CPU and a smaller input instead of CUDA; the
# inductor options are dropped (verify.py counts with an eager backend).
# label: none
# verify: sum(c.torch.values()) <= 2
import torch
import torch.nn as nn
from torch import Tensor

Mod = nn.Module


class A(Mod):
    def __init__(self, v: float):
        super().__init__()
        self.b = v

    def forward(self, x):
        return (x.sin() + self.b).sin()


def forward(net, x: Tensor) -> Tensor:
    return net.forward(x).sum()


compile_args = dict(fullgraph=True, dynamic=True)
cforward = torch.compile(forward, **compile_args)


def compute(net):
    y = cforward(net, x)
    y.backward()


x = torch.rand((10, 10, 10), requires_grad=True)
for _ in range(10):
    compute(A(1.0))
