# source: https://github.com/pytorch/pytorch/issues/52312
# framework: PyTorch
# Label: fine look-alike. TorchScript functions read `constmod.INT_CONST` and `constmod.STR_CONST`,
# `Final` constants of another module: scripting treats a module's public attribute as a constant
# and the functions give `x * 3` and `d["test"] * 7`, as the report shows. (The same constants
# defined in the scripting module itself fail to compile, the subject; that half is an
# error of TorchScript's compiler, not run here.) The report's `constmod.py` is built in place
# as a module object so the example is one file.
# label: none
# verify: close(c.a, c.x * 3) and close(c.b, c.d["test"] * 7)
import sys
import types
from typing import Dict

import torch

constmod = types.ModuleType("constmod")
constmod.INT_CONST = 3
constmod.STR_CONST = "test"
sys.modules["constmod"] = constmod


@torch.jit.script
def int_func(x):
    return x * constmod.INT_CONST


@torch.jit.script
def str_func(d: Dict[str, torch.Tensor]):
    return d[constmod.STR_CONST] * 7


x = torch.ones(3, 4)
d = {"test": torch.ones(1, 3)}
a = int_func(x)
b = str_func(d)
print(a, b)
