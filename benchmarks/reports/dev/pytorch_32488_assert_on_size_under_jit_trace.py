# source: https://github.com/pytorch/pytorch/issues/32488
# framework: PyTorch
# `assert size[0] > 0` on `x.size()` in a traced forward: the tracer warns ("Converting a tensor
# to a Python boolean"), but the assertion only checks, and holds for every input; the trace
# returns its input for other shapes. Fine.
# label: none
# verify: c.out_shape == (3, 7)
import torch


class JITTest(torch.nn.Module):
    def forward(self, x):
        size = x.size()
        assert not isinstance(size, torch.Tensor)
        assert size[0] > 0
        return x


net = JITTest()
scripted = torch.jit.trace(net, torch.rand((10, 10)))
out_shape = tuple(scripted(torch.rand((3, 7))).shape)
