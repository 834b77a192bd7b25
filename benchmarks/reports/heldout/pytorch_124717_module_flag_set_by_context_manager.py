# source: https://github.com/pytorch/pytorch/issues/124717
# framework: PyTorch
# A context manager sets `mod.disabled = True` around the second call of the compiled module;
# the report (torch 2.3) was that compile did not guard on the attribute. On torch 2.13 the
# compiled module guards on it and recompiles once: both results match eager. Fine today.
# label: none
# verify: close(c.out_disable, e.out_disable) and close(c.out_enable, e.out_enable)
import contextlib

import torch


class TestModuleWithAdapter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.disabled = False

    def forward(self, x):
        out = x * x
        if self.disabled:
            return out
        out = out + 1
        return out


@contextlib.contextmanager
def disable_adapter(mod):
    mod.disabled = True
    try:
        yield
    finally:
        mod.disabled = False


torch.manual_seed(0)
mod = TestModuleWithAdapter()
mod = torch.compile(mod)
x = torch.randn(4, 4)
out_enable = mod(x)
with disable_adapter(mod):
    out_disable = mod(x)
