# source: https://github.com/pytorch/pytorch/issues/36454
# framework: PyTorch
# "TracerWarning: Converting a tensor to a Python number": the user's layer folds the batch into
# the channels and runs one grouped transposed convolution with `groups=N`, N read from the
# input's size (`F.conv_transpose2d(x, weight, padding=..., stride=..., groups=N)`, then
# `.view(N, oC, H, W)`). `groups` takes a Python int, so the trace records the example's batch
# size. Reduced to that layer, traced with a batch of 2: a batch of 3 fails in the trace (the
# weight has 3 groups' worth of channels, the op expects 2), where eager convolves it.
# verify: c.error is not None and c.eager_shape[0] == 3 and c.same_size_ok
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter("ignore")


class PerSampleDeconv(nn.Module):
    def __init__(self, c=2, oc=3):
        super().__init__()
        self.oc = oc
        self.padding, self.stride = 1, 1
        self.kernel = nn.Linear(4, c * oc * 9)

    def forward(self, x, z):
        N, C, H, W = x.size()
        weight = self.kernel(z).view(N * C, self.oc, 3, 3)  # one kernel per sample
        out = F.conv_transpose2d(
            x.reshape(1, N * C, H, W), weight, padding=self.padding, stride=self.stride, groups=N  # label: ACC3
        )
        return out.contiguous().view(N, self.oc, H, W)


model = PerSampleDeconv().eval()
traced = torch.jit.trace(model, (torch.randn(2, 2, 5, 5), torch.randn(2, 4)))
x, z = torch.randn(2, 2, 5, 5), torch.randn(2, 4)
same_size_ok = torch.allclose(traced(x, z), model(x, z), atol=1e-6)
x3, z3 = torch.randn(3, 2, 5, 5), torch.randn(3, 4)
eager_shape = tuple(model(x3, z3).shape)
error = None
try:
    traced(x3, z3)
except RuntimeError as exc:
    error = type(exc).__name__
print(error, eager_shape, same_size_ok)
