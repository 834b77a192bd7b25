# source: https://github.com/pytorch/pytorch/issues/115750
# framework: PyTorch
# "torch.compile doesn't seem to guard on register_full_module_backward_hook, leading to silent
# incorrectness": a compiled `f` calls an identity `nn.Linear`; after the first call a full
# backward hook that doubles the input gradient is registered on the layer, and the next compiled
# call's backward "shows tensor([1., 1., 1.]) but should really be a tensor full of 2s". Kept as the
# repro (closed as a duplicate of #117265), without `fullgraph=True` (torch 2.13 refuses it when
# compilation is switched off for the eager twin). On torch 2.13 the compiled backward still
# ignores the hook: ones where eager gives twos.
# verify: not close(c.grad, e.grad) and close(e.grad, [2.0, 2.0, 2.0])
import torch
import torch.nn as nn

layer = nn.Linear(3, 3, bias=False)
layer.weight = nn.Parameter(torch.eye(3, dtype=torch.float))


def hook(module, grad_input, grad_output):
    return ([gi * 2 for gi in grad_input])


@torch.compile(backend="aot_eager")
def f(x):
    y = layer(x)
    return y


x = torch.randn(3, requires_grad=True)
f(x)
layer.register_full_backward_hook(hook)  # label: ACC6

x = torch.randn(3, requires_grad=True)
y = f(x)
y.sum().backward()
grad = x.grad
print(x.grad)
