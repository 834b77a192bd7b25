# source: https://docs.pytorch.org/tutorials/intermediate/torch_compile_tutorial.html
# framework: PyTorch
# "Introduction to torch.compile": "One case that torch.compile can handle that other compiler
# solutions struggle with is data-dependent control flow (the `if x.sum() < 0:` line below)."
# The tutorial's `f1` compiled: the branch is a graph break, and the compiled function returns
# the eager result for inputs of either sign. Fine.
# label: none
# verify: close(c.outs, e.outs)
import torch


def f1(x, y):
    if x.sum() < 0:
        return -y
    return y


compiled_f1 = torch.compile(f1)
torch.manual_seed(0)
y = torch.randn(3, 3)
outs = [compiled_f1(torch.ones(3, 3), y), compiled_f1(-torch.ones(3, 3), y), compiled_f1(torch.ones(3, 3), y)]
print([o.sum().item() for o in outs])
