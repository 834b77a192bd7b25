# source: https://docs.pytorch.org/docs/stable/user_guide/torch_compiler/compile/programming_model.recompilation.html
# framework: PyTorch
# "Wrapping Constants with Tensors": a float argument is a constant guarded on its value, and
# the page shows `fn(torch.ones(i), 0.5 + i)` recompiling. On torch 2.13 the second call
# recompiles with the float (and the shape) dynamic, and no later call compiles again: three
# graphs for twelve calls. Bounded. Fine today. (12 passes instead of the page's 5.)
# label: none
# verify: c.torch['fn'] <= 3
import torch


@torch.compile
def fn(x, c):
    return x + c


for i in range(12):
    fn(torch.ones(i), 0.5 + i)
