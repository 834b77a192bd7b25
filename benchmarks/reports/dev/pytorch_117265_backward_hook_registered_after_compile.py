# source: https://github.com/pytorch/pytorch/issues/117265
# framework: PyTorch
# "torch.compile silently incorrect with full_backward_pre_hook": a compiled function calls a
# layer; after its first call the program registers a backward pre-hook on that layer that
# doubles the incoming gradient. The compiled function does not guard on the layer's hooks, so
# the second call reuses the graph traced without the hook: the input's gradient stays ones
# (torch 2.13 still), where eager doubles it to twos.
# verify: not close(c.grad, e.grad) and close(e.grad, [2.0, 2.0, 2.0])
import torch
import torch.nn as nn

layer = nn.Linear(3, 3, bias=False)
layer.weight = nn.Parameter(torch.eye(3, dtype=torch.float))


def hook(module, grad_output):
    return tuple(go * 2 for go in grad_output)


@torch.compile
def f(x):
    y = layer(x)  # label[g]: ACC6
    return y


x = torch.randn(3, requires_grad=True)
f(x)
layer.register_full_backward_pre_hook(hook)  # label[g]

x = torch.ones(3, requires_grad=True)
y = f(x)
y.sum().backward()
grad = x.grad
print(grad)
