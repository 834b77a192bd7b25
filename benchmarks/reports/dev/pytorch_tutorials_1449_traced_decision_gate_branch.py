# source: https://github.com/pytorch/tutorials/issues/1449
# framework: PyTorch
# The "Introduction to TorchScript" tutorial's `MyDecisionGate` returns `x` if `x.sum() > 0`
# else `-x`, inside `MyCell`, and the cell is `torch.jit.trace`d; the issue is about which code
# the traced cell prints. Tracing records only the branch the example input took (TracerWarning
# "Converting a tensor to a Python boolean"): the traced cell keeps that branch for an input
# whose sum has the other sign, where the eager cell flips it. The tutorial's classes; the
# second input is chosen so that the gate's sum is negative.
# verify: close(c.traced_pos, c.eager_pos) and not close(c.traced_neg, c.eager_neg)
import torch


class MyDecisionGate(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:  # label: ACC2
            return x
        else:
            return -x


class MyCell(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.dg = MyDecisionGate()
        self.linear = torch.nn.Linear(4, 4)

    def forward(self, x, h):
        new_h = torch.tanh(self.dg(self.linear(x)) + h)
        return new_h, new_h


torch.manual_seed(0)
my_cell = MyCell()
with torch.no_grad():
    my_cell.linear.weight.copy_(torch.eye(4))
    my_cell.linear.bias.zero_()
x, h = torch.ones(3, 4), torch.zeros(3, 4)
traced_cell = torch.jit.trace(my_cell, (x, h))
traced_pos, eager_pos = traced_cell(x, h)[0], my_cell(x, h)[0]
x_neg = -torch.ones(3, 4)
traced_neg, eager_neg = traced_cell(x_neg, h)[0], my_cell(x_neg, h)[0]
print(traced_cell.code)
