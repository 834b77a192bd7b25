# source: https://github.com/pytorch/pytorch/issues/102877
# framework: PyTorch
# label: none
# "[easy]": a module's compiled forward loops over `self.buffers()` and sums each buffer; under
# `fullgraph=True` Dynamo could not trace the iteration in June 2023 (fixed by pytorch#102247).
# On torch 2.13 the compiled module returns the eager sums on every call: fine (the issue's
# `fullgraph=True` is left out so that the eager twin, with compilation disabled, can run).
# verify: close(c.outs, e.outs) and c.torch["forward"] == 1
import torch


class MockModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer('my_buffer', torch.zeros(10, 10))

    def forward(self, x):
        outs = []
        for buff in self.buffers():
            outs.append(buff.sum())
        return outs[0], x


mod = MockModule()
opt_mod = torch.compile(mod)
outs = [opt_mod(torch.ones(4))[0], opt_mod(torch.ones(4))[0]]
print(outs)
