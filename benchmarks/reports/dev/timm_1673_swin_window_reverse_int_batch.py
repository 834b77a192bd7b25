# source: https://github.com/huggingface/pytorch-image-models/pull/1673
# framework: PyTorch
# Swin's `window_reverse` recovers the batch size with
# `B = int(windows.shape[0] / (H * W / window_size / window_size))`: under torch.jit.trace the
# int() of a traced size is recorded as a constant ("the batch size gets fixed with trace the
# current way"), so the traced model run on another batch size reshapes with the traced one.
# The pull request (closed; the maintainer kept the code) used `.int()`. `window_partition` and
# `window_reverse` are Swin's; the block around them is a stand-in that partitions, projects and
# reverses. Traced at batch 1, run at batch 2: the traced model returns (1, 8, 8, 16) where
# the module returns (2, 8, 8, 8) (a TracerWarning "Converting a tensor to a Python integer").
# verify: c.traced_error is None and c.traced_shape != c.eager_shape
import torch


def window_partition(x, window_size: int):
    B, H, W, C = x.shape
    x = x.view(B, H // window_size, window_size, W // window_size, window_size, C)
    windows = x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, window_size, window_size, C)
    return windows


def window_reverse(windows, window_size: int, H: int, W: int):
    B = int(windows.shape[0] / (H * W / window_size / window_size))  # label: ACC3
    x = windows.view(B, H // window_size, W // window_size, window_size, window_size, -1)
    x = x.permute(0, 1, 3, 2, 4, 5).contiguous().view(B, H, W, -1)
    return x


class WindowBlock(torch.nn.Module):
    def __init__(self, dim=8, window_size=4):
        super().__init__()
        self.window_size = window_size
        self.proj = torch.nn.Linear(dim, dim)

    def forward(self, x):
        B, H, W, C = x.shape
        windows = window_partition(x, self.window_size)
        windows = self.proj(windows)
        return window_reverse(windows, self.window_size, H, W)


model = WindowBlock().eval()
traced = torch.jit.trace(model, torch.randn(1, 8, 8, 8))
x2 = torch.randn(2, 8, 8, 8)
eager_shape = tuple(model(x2).shape)
traced_error, traced_shape = None, None
try:
    traced_shape = tuple(traced(x2).shape)
except RuntimeError as exc:
    traced_error = str(exc)
print(eager_shape, traced_shape, traced_error)
