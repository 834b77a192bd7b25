# source: https://github.com/pytorch/pytorch/issues/46650
# framework: PyTorch
# A `print` in `forward` shows three times during `torch.jit.trace` (the trace, then the
# trace check runs both versions); the maintainer explains the check. The print belongs to the
# trace: a later call of the traced module prints nothing (that call is added here).
# verify: c.out.count("I am printing") == 3
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv = nn.Conv2d(1, 1, 3)

    def forward(self, x):
        print("I am printing")  # label: ACC4
        return self.conv(x)


n = Net()
example_forward_input = torch.rand(1, 1, 3, 3)
module = torch.jit.trace(n, example_forward_input)
module(torch.rand(1, 1, 3, 3))
