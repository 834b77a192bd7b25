# source: https://github.com/pytorch/pytorch/issues/144787
# framework: PyTorch
# The report: a function compiled once is called twice under a TorchFunctionMode, then twice
# under a TorchDispatchMode whose `is_infra_mode` is True; with `error_on_recompile` set for
# the second call of each pair, the infra mode always recompiles, "but I don't know what guard
# is failing". The user's code, on the CPU instead of CUDA; an error would be caught and kept.
# Fine today: torch 2.13 builds one graph per mode (2 for the 4 calls) and the second call under
# each mode raises no recompile error.
# label: none
# verify: c.error is None and c.torch['f'] <= 2
import torch
from torch.overrides import TorchFunctionMode
from torch.utils._python_dispatch import TorchDispatchMode

from torch._dynamo import config

class MyFunctionMode(TorchFunctionMode):
    def __torch_function__(self, func, types, args, kwargs=None):
        return func(*args, **(kwargs or {}))

class MyDispatchMode(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args, kwargs=None):
        return func(*args, **(kwargs or {}))

    @classmethod
    def is_infra_mode(cls):
        return True

def f(x, y):
    return x @ y

x = torch.ones(10)

mode = MyFunctionMode()

f_compiled = torch.compile(f, backend="eager")

error = None
try:
    for i in range(2):
        if i == 0:
            config.error_on_recompile = False
        if i == 1:
            config.error_on_recompile = True
        with mode:
            f_compiled(x, x)

    mode = MyDispatchMode()

    for i in range(2):
        if i == 0:
            config.error_on_recompile = False
        if i == 1:
            config.error_on_recompile = True
        with mode:
            f_compiled(x, x)
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
config.error_on_recompile = False
print(error)
