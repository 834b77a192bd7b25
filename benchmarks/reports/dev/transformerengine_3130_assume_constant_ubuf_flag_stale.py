# source: https://github.com/NVIDIA/TransformerEngine/pull/3130
# framework: PyTorch
# Written from the pull request's review thread (the module code is not quoted): the helper
# `is_fp8_ubuf()` is marked `torch.compiler.assume_constant_result`, so a compiled forward bakes
# the value it returned at the first compile; `destroy_ub()` followed by a re-initialisation
# with other settings leaves the compiled graph reading the stale constant, which the pull
# request answers with a process-wide `torch.compiler.reset()`. The user-buffer state is
# reduced to one module-level flag; the layer scales its input by 2 when the buffer is fp8.
# verify: not close(c.after, e.after)
import torch

_ub_initialized = False
_ub_fp8 = False


def initialize_ub(use_fp8=False):
    global _ub_initialized, _ub_fp8
    _ub_initialized = True
    _ub_fp8 = use_fp8  # label[g]


def destroy_ub():
    global _ub_initialized, _ub_fp8
    _ub_initialized = False
    _ub_fp8 = False


@torch.compiler.assume_constant_result
def is_fp8_ubuf():
    return _ub_initialized and _ub_fp8  # label[g]


class Linear(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(4, 4))

    def forward(self, x):
        if is_fp8_ubuf():  # label[g]: ACC6
            x = x * 2
        return x @ self.weight


initialize_ub(use_fp8=False)
layer = torch.compile(Linear())
x = torch.ones(2, 4)
before = layer(x).detach()
destroy_ub()
initialize_ub(use_fp8=True)  # label[g]
after = layer(x).detach()
print(before, after)
