# source: https://github.com/pytorch/pytorch/issues/145587
# framework: PyTorch
# "[dynamo] mark_dynamic not working as intended with input shapes": `fn(a, b)` returns
# `a.shape[0] * a * b`; the user marks `arg1`'s first dimension dynamic (min 2, max 10) and calls
# the compiled function with a (4, 3) and then an (8, 3) input, and "running the script gives an
# error and shows that the symbolic int was replaced as a constant (= 4)": `b` is not marked, its
# size 4 broadcasts against the marked dimension and specializes it, so the marked constraint is
# violated and compiling raises. The user's script.
# verify: c.raised and not e.raised
import torch


def fn(a, b):
    return a.shape[0] * a * b


arg1 = torch.randn(4, 3)
torch._dynamo.mark_dynamic(arg1, 0, min=2, max=10)

compiled_fn = torch.compile(fn)
try:
    out = compiled_fn(arg1, torch.randn(4, 3))  # label: ACC5

    new_arg1 = torch.randn(8, 3)
    out = compiled_fn(new_arg1, torch.randn(8, 3))
    raised = False
except Exception as error:
    raised = True
    print(type(error).__name__, str(error)[:200])
print(raised)
