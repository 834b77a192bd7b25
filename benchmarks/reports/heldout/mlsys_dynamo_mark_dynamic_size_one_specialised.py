# source: https://github.com/shreyansh26/MLSys-Experiments/blob/HEAD/pytorch_internals/dynamo/mark_dynamic.py
# framework: PyTorch
# Label: fine look-alike as to storms. From Dynamo's deep-dive page: `fn` reads `a.shape[0]`;
# the first dimension is marked dynamic, so sizes 4 and 8 share one graph and size 1 gets its
# own (0 and 1 are specialised): two compiles for three sizes, results equal to eager. The
# author's code; the last result kept as `last` (`c.out` is the printed output).
# label: none
# verify: close(c.last, e.last) and c.torch['fn'] <= 2
import torch

def fn(a, b):
    return a.shape[0] * a * b

torch.manual_seed(0)  # added: the compiled and eager runs draw the same inputs
arg1 = torch.randn(4, 3)
arg2 = torch.randn(4, 3)
torch._dynamo.mark_dynamic(arg1, 0)
torch._dynamo.mark_dynamic(arg2, 0)

compiled_fn = torch.compile(fn)
out = compiled_fn(arg1, arg2)

new_arg1 = torch.randn(8, 3)
new_arg2 = torch.randn(8, 3)
out = compiled_fn(new_arg1, new_arg2)

# Another graph generated in case of a dimension being 1 or 0
new_arg1 = torch.randn(1, 3)
out = compiled_fn(new_arg1, torch.randn(1, 3))
last = out
