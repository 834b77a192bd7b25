# source: https://hashnode.com/posts/inside-torchcompile-guards-how-they-work-what-they-cost-and-ways-to-optimize/6840b23a42cfb0d55d4ca280
# framework: PyTorch
# "Inside torch.compile Guards: How They Work, What They Cost, and Ways to Optimize" (a Dynamo
# developer's post): a compiled module adds `pair.a + pair.b`, attributes of a plain Python
# object, to a LayerNorm's output; the graph bakes both ints in as constants and the guards check
# their values, so "if any guard is later violated, PyTorch must fall back and re-compile". Kept
# as the post's example, with the object's attribute advanced in a loop (a coefficient a program
# updates between calls): every new value fails the constant guard and recompiles, until the limit.
# verify: c.torch['forward'] >= 8 and close(c.outs, e.outs)
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
        return self.norm(x) + pair.a + pair.b  # label[a]: ACC5


torch.manual_seed(0)
mod = Mod()
opt_mod = torch.compile(mod)
x = torch.rand(4, 8)
outs = []
for i in range(10):
    pair.a = i  # label[a]
    outs.append(opt_mod(x).detach())
print(len(outs))
