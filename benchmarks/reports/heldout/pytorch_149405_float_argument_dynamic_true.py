# source: https://github.com/pytorch/pytorch/issues/149405
# framework: PyTorch
# `torch.compile(dynamic=True)` and two calls with the Python floats 1.5 and 2.5: the second
# recompiles (guard `L['y'] == 1.5`), as the reply explains for constant inputs. Two literal
# values, two compiles: bounded. Fine. (The report's script on the CPU.)
# label: none
# verify: c.torch['model'] <= 2
import torch

x = torch.randn((10, 10), requires_grad=False)


@torch.compile(dynamic=True)
def model(x, y):
    return x * y


y = model(x, 1.5)
y2 = model(x, 2.5)
