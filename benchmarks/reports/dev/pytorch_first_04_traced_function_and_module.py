# source: https://github.com/curtkim/pytorch-first/blob/HEAD/torchscript/04_traced.py
# framework: PyTorch
# Label: fine look-alike. torch.jit.trace of a function (`2 * x + y`) and of a module with one
# convolution: no branch, no Python number, no size read, so the traces hold for other inputs
# of the same rank. The author's code; two calls on fresh inputs added to compare with eager.
# label: none
# verify: close(c.r_foo, c.e_foo) and close(c.r_mod, c.e_mod)
# torch.jit.trace for functions
import torch

def foo(x, y):
    return 2 * x + y

traced_foo = torch.jit.trace(foo, (torch.rand(3), torch.rand(3)))
# run almost completely in C++.


# torch.jit.trace for modules
import torch
import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv = nn.Conv2d(1, 1, 3)

    def forward(self, x):
        return self.conv(x)

n = Net()
example_weight = torch.rand(1, 1, 3, 3)
example_forward_input = torch.rand(1, 1, 3, 3)
traced_module = torch.jit.trace(n, example_forward_input)
# run almost completely in C++.

a, b, img = torch.rand(5), torch.rand(5), torch.rand(2, 1, 6, 6)
r_foo, e_foo = traced_foo(a, b), foo(a, b)
r_mod, e_mod = traced_module(img), n(img)
