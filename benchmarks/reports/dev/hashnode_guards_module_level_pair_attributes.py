# source: https://torchcompile-guards.hashnode.dev/tag/pytorch
# framework: PyTorch
# "Inside torch.compile Guards: How They Work, What They Cost, and Ways to Optimize": the post's
# first example, a module whose forward adds `pair.a + pair.b` of a module-level object; the
# graph specializes on their values and installs guards on them. Changing `pair.a` after the
# first call fails a guard and recompiles once, with the new value: guards keep the compiled
# module correct. The post's example with one change of `pair.a`.
# label: none
# verify: close(c.outs, e.outs) and c.torch['forward'] <= 2
import torch


class CoefficientPair:
    def __init__(self):
        self.a = 2
        self.b = 5


pair = CoefficientPair()


class Mod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = torch.nn.LayerNorm(8)

    def forward(self, x):
        return self.norm(x) + pair.a + pair.b


mod = Mod()
opt_mod = torch.compile(mod)
x = torch.rand(4, 8, generator=torch.Generator().manual_seed(0))
outs = [opt_mod(x).detach()]
pair.a = 3
outs.append(opt_mod(x).detach())
outs.append(opt_mod(x).detach())
print([float(o.mean()) for o in outs])
