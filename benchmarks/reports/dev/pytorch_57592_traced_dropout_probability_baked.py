# source: https://github.com/pytorch/pytorch/issues/57592
# framework: PyTorch
# "`jit.trace` fails to capture single-element tensor passed into op requiring scalar-type
# argument": `forward` passes the module's tensor `self.p` to `torch.dropout`, whose `p` is a
# float, and the traced graph holds `prim::Constant[value=1.]` - "baked in as a constant float
# when it should have been `self.p`". The user's module, with `train=True` in place of their
# `False` (so that the probability changes the result) and the probability set to 0 after
# tracing: the Python module keeps every unit, the traced one still drops them all.
# verify: close(c.traced_before, c.eager_before) and not close(c.traced_after, c.eager_after)
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.p = torch.tensor(1.0)

    def forward(self, x):
        return torch.dropout(x, self.p, True)  # label[a]: ACC6


m = M()
x = torch.rand(2, 3)
traced = torch.jit.trace(m, x, check_trace=False)
print(traced.graph)
eager_before, traced_before = m(x), traced(x)
m.p = torch.tensor(0.0)  # label[a]
traced.p = torch.tensor(0.0)
eager_after, traced_after = m(x), traced(x)
print(eager_after, traced_after)
