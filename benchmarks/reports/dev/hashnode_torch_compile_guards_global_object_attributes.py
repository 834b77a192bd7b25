# source: https://hashnode-hub.vercel.app/posts/6840b23a42cfb0d55d4ca280
# framework: PyTorch
# The post's model of guards: `forward` reads `pair.a` and `pair.b` of a global object; Dynamo
# bakes the ints into the graph and guards on them, so after `pair.a = 3` the next call fails
# the guard and recompiles, giving the eager result. Fine (the post's example, then the change
# it discusses).
# label: none
# verify: close(c.out2, e.out2) and sum(c.torch.values()) <= 2
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
torch.manual_seed(0)
x = torch.rand(4, 8)
out1 = opt_mod(x)
pair.a = 3
out2 = opt_mod(x)
