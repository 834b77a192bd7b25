# source: https://github.com/pytorch/pytorch/issues/130776
# framework: PyTorch
# "[inline-inbuilt-nn-modules] Unlimited recompiles because the nn.Module is going out of scope":
# `opt_mod(torch.randn(5, 5), Mod1())` in a loop of 100 recompiled on every call because the
# ephemeral module's cache entry died with it; the fix named in the thread is
# `inline_inbuilt_nn_modules`, on by default in today's torch. torch 2.13: the fresh module per
# call is traced by its parameters as inputs, so the function compiles once and the results are
# the eager ones. The report's repro, with the modules seeded so the two runs can be compared.
# label: none
# verify: c.torch['fn'] <= 2 and close(c.outs, e.outs)
import torch


class Mod1(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(5, 5)

    def forward(self, x):
        return self.lin(x)


def fn(x, mod):
    return mod(x)


opt_mod = torch.compile(fn, backend="eager")
torch.manual_seed(0)
outs = []
for i in range(100):
    out = opt_mod(torch.randn(5, 5), Mod1())
    if i % 25 == 0:
        outs.append(out.detach())
print(len(outs))
