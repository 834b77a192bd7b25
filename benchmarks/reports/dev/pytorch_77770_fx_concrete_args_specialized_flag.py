# source: https://github.com/pytorch/pytorch/pull/77770
# framework: PyTorch
# "Update _symbolic_trace.py": the docstring example `f = fx.symbolic_trace(f,
# concrete_args={"b": False}); assert f(3, False) == 6`, then `f(3, True)` raises "b has been
# specialized to have value False". Binding the flag with concrete_args makes the branch a Python
# bool at trace time, and FX guards the specialization with an assertion: never a silent wrong
# result. Fine. The docstring's function and calls.
# label: none
# verify: c.first == 6 and c.error is not None
import torch.fx as fx


def f(a, b):
    if b == True:
        return a
    else:
        return a * 2


f = fx.symbolic_trace(f, concrete_args={"b": False})
first = f(3, False)
assert first == 6
error = None
try:
    f(3, True)
except Exception as exc:
    error = type(exc).__name__
print(error)
