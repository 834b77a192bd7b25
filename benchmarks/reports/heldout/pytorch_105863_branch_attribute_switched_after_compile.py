# source: https://github.com/pytorch/pytorch/issues/105863
# framework: PyTorch
# `forward` returns `(ret, x)` or `ret` depending on `self.return_input`; the report (torch 2.0)
# is that the compiled model stayed "frozen in the first branching it encountered". The
# report's loop is cut off in the stored thread; here the attribute is switched after the
# second call, on the CPU, and the compiled outputs are compared with eager. On torch 2.13 the
# attribute is guarded: the switch recompiles once and the outputs follow eager. Fine today.
# label: none
# verify: c.kinds == e.kinds and c.kinds[-1] == "Tensor" and c.torch['forward'] == 2
import torch
from torch import nn


class SimpleNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.ReLU(),
                                    nn.Conv2d(16, 32, 3, 2, 1), nn.AdaptiveAvgPool2d(1))
        self.return_input = True

    def forward(self, x):
        ret = self.layers(x)[0, 0]
        if self.return_input:
            return ret, x
        else:
            return ret


net = SimpleNetwork()
net_optim = torch.compile(net)
kinds = []
for i in range(4):
    if i == 2:
        net.return_input = False
    out = net_optim(torch.rand((1, 3, 32, 32)))
    kinds.append(type(out).__name__)
print(kinds)
