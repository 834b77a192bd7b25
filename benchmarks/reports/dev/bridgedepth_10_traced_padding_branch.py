# source: https://github.com/aeolusguan/BridgeDepth/issues/10
# framework: PyTorch
# "make_onnx": exporting the stereo model traces it, and the tracer warns at `if N > 1:` and
# `if pad_r > 0 or pad_b > 0:` ("Converting a tensor to a Python boolean might cause the trace
# to be incorrect ... treated as a constant"). The sizes come from the example input's shape,
# so the traced graph keeps the branch that input took: traced with an image that needs
# padding, it pads (and crops back) an image that does not need it differently from eager.
# A window-partition block stands for the model; `torch.jit.trace` is the tracer the export
# uses.
# verify: not close(c.traced_out, c.eager_out)
import torch
import torch.nn.functional as F


class WindowBlock(torch.nn.Module):
    def __init__(self, window=4):
        super().__init__()
        self.window = window
        self.proj = torch.nn.Conv2d(2, 2, 1)

    def forward(self, x):
        N, C, H, W = x.shape
        pad_r = (self.window - W % self.window) % self.window
        pad_b = (self.window - H % self.window) % self.window
        if pad_r > 0 or pad_b > 0:  # label: ACC2
            x = F.pad(x, (0, pad_r, 0, pad_b), value=1.0)
        y = self.proj(x)
        if N > 1:  # label: ACC2
            y = y - y.mean(dim=0, keepdim=True)
        return y[:, :, :H, :W].sum(dim=(2, 3))


torch.manual_seed(0)
block = WindowBlock().eval()
traced = torch.jit.trace(block, torch.rand(2, 2, 6, 6), check_trace=False)
x = torch.rand(1, 2, 8, 8)
traced_out = traced(x)
eager_out = block(x)
print(traced_out, eager_out)
