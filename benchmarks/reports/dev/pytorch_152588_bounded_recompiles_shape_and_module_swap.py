# source: https://github.com/pytorch/pytorch/pull/152588
# framework: PyTorch
# The PR's toy example: a compiled module recompiles when the batch size changes (once: the
# second compile is dynamic) and when `lin` and `attr` are replaced (once more). Three compiles
# for three deliberate changes, each with the eager result: fine.
# label: none
# verify: c.torch['forward'] <= 3 and close(c.outs, e.outs)
import torch


class Foo(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.attr = torch.randn(4)

    def forward(self, x, y):
        return self.lin(x) + self.attr + y


torch.manual_seed(0)
fn = torch.compile(Foo())
outs = []

# 1
outs.append(fn(torch.randn(7, 4), torch.randn(4)).detach())

# 2
outs.append(fn(torch.randn(8, 4), torch.randn(4)).detach())

# 3
fn.lin = torch.nn.Linear(8, 4)
fn.attr = torch.randn(4)
outs.append(fn(torch.randn(9, 8), torch.randn(4)).detach())
