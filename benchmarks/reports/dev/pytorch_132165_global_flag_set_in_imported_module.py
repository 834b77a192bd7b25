# source: https://github.com/pytorch/pytorch/issues/132165
# framework: PyTorch
# label: none
# "Mutating global variable during inlining a function from imported module breaks in dynamo":
# `test_import.py` has functions that set its module-level `global_flag`, and a compiled function
# in `repro.py` calls them; Dynamo tracked the module for mutation twice and raised an
# AssertionError. Reduced to the two files in one (the helper module is built from its source
# text and registered in `sys.modules`; the compiled function is the reporter's, which flips the
# flag and returns a tensor). On torch 2.13 the compiled run sets the flag as eager does and
# returns the same values: fine today.
# verify: close(c.outs, e.outs) and c.flags == e.flags
import sys
import types

import torch

source = '''
global_flag = False


def set_flag_true():
    global global_flag
    global_flag = True

def set_falg_false():
    global global_flag
    global_flag = False
'''
test_import = types.ModuleType("test_import")
exec(source, test_import.__dict__)
sys.modules["test_import"] = test_import


@torch.compile
def fn(x):
    test_import.set_flag_true()
    test_import.set_falg_false()
    test_import.set_flag_true()
    return x + 1


outs, flags = [], []
for i in range(3):
    outs.append(fn(torch.ones(2) * i))
    flags.append(test_import.global_flag)
    test_import.global_flag = False
print(outs, flags)
