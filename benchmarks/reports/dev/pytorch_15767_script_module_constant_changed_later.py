# source: https://github.com/pytorch/pytorch/issues/15767
# framework: PyTorch
# A request to support `__constants__` in Python modules; the maintainer's reply gives the hazard
# that stops it: a scripted function reads a Python module's public numeric attribute as a
# constant when it is compiled, so `some_const = 333` afterwards is never seen ("some_script will
# not see this change"); the suggested workaround, constants in a module of their own, has the
# same property. The constants module is built in place here (`types.ModuleType`); the scripted
# result is compared with the Python function's after the change.
# verify: c.scripted == 1234.0 and c.python == 333.0
import sys
import types

import torch

my_constants = types.ModuleType("my_constants")
my_constants.some_const = 1234
sys.modules["my_constants"] = my_constants


def some_function(x):
    return x * my_constants.some_const  # label[c]: ACC6


some_script = torch.jit.script(some_function)
x = torch.ones(1)
some_script(x)
my_constants.some_const = 333  # label[c]
scripted = float(some_script(x))
python = float(some_function(x))
print(scripted, python)
