# source: https://github.com/pytorch/pytorch/issues/176851
# framework: PyTorch
# A compiled function reads the class attribute `GlobalState.factor`; it is set to 10.0 after
# the first call. The report (torch 2.10, a regression from 2.2): the compiled call still
# multiplied by 1.0. On torch 2.13 the guard on the attribute fails, `fn` recompiles and the
# result is the eager one. Fine today. The report's test, with its assertion turned into values
# to check.
# label: none
# verify: close(c.compiled, c.eager) and c.torch['fn'] == 2
import torch


class GlobalState:
    factor = 1.0


def fn(x):
    return x * GlobalState.factor


compiled_fn = torch.compile(fn)
x = torch.tensor([4.0])

GlobalState.factor = 1.0
compiled_fn(x)

GlobalState.factor = 10.0
eager = fn(x)
compiled = compiled_fn(x)
print(eager, compiled)
