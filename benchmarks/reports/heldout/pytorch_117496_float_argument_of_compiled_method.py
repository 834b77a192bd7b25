# source: https://github.com/pytorch/pytorch/issues/117496
# framework: PyTorch
# A compiled method and a compiled function take a Python float `t` that halves on every pass;
# the report (torch 2.2) is that the first value is used on every later call. On torch 2.13
# the results match eager: the second value recompiles once and then `t` is dynamic (two
# graphs each for four values). Fine today. The report's script on the CPU, printing replaced
# by collected values.
# label: none
# verify: close(c.outs, e.outs) and c.torch['free_fun'] <= 2
import torch
from torch import Tensor


class F:
    def __init__(self, V, r):
        self.t = V
        self.r = r

    def b(self):
        self.t = self.t * self.r

    @torch.compile
    def method(self, A: Tensor, B: Tensor, t: float = 1.0) -> Tensor:
        return A + B + t


@torch.compile
def free_fun(A: Tensor, B: Tensor, t: float = 1.0) -> Tensor:
    return A + B + t


g = F(16, 0.5)
Z = torch.ones(3, 3, 1)
outs = []
for _ in range(4):
    g.b()
    outs.append(g.method(Z, Z, t=g.t))
    outs.append(free_fun(Z, Z, g.t))
