# source: https://github.com/pytorch/pytorch/issues/94851
# framework: PyTorch
# label: none
# "`torch.compile` produces `RuntimeError` on function wrapped with `torch.func.grad`": in 2.0
# `torch.compile(grad(f))` raised "Cannot access data pointer of Tensor that doesn't have
# storage". On torch 2.13 the compiled gradient of `(0.5 * x**2).sum()` is `x`, as eager: fine.
# verify: close(c.g, c.x) and c.torch["f"] + c.torch["wrapper"] + c.torch["grad_and_value_impl"] + c.torch["grad_impl"] <= 4
import torch
from torch.func import grad


def f(x):
    return (0.5 * x**2).sum()


x = torch.randn(10)
print(torch.allclose(grad(f)(x), x))
fjit = torch.compile(grad(f))
g = fjit(x)
g2 = fjit(torch.randn(10))
print(torch.allclose(g, x))
