# source: https://docs.pytorch.org/docs/stable/compile/programming_model.recompilation.html
# framework: PyTorch
# property: a Python list handed to a compiled function is guarded on its length: a list that
# grows on every pass recompiles each pass up to the limit.
# spelling: a history list appended to in a loop at module level, handed whole to the compiled fn.
# verify: c.torch['smooth'] >= 8
import torch


@torch.compile
def smooth(x, history):
    acc = x
    for h in history:
        acc = acc + h
    return acc / (len(history) + 1)


history = []
for i in range(10):
    x = torch.randn(3)
    y = smooth(x, history)  # label: ACC5
    history.append(float(i))
