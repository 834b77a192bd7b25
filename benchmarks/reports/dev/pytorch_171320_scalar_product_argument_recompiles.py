# source: https://github.com/pytorch/pytorch/issues/171320
# framework: PyTorch
# `a` grows by 0.01 on every pass. `p * a * b` (tensor times scalar) recompiles once, then `a`
# is dynamic; `p * (a * b)` multiplies the Python floats first and the guard on that product
# failed on every pass ("recompiles indefinitely"; torch 2.9, the limit raised to 8192). On
# torch 2.13 both compile twice over 20 passes. Fine today. 20 passes, on the CPU.
# label: none
# verify: c.torch['compiled_step_works'] <= 2 and c.torch['compiled_step_fails'] <= 2
import torch

torch._dynamo.config.cache_size_limit = 8192


@torch.compile(fullgraph=True)
def compiled_step_works(p, a, b):
    p.mul_(p * a * b)


@torch.compile(fullgraph=True)
def compiled_step_fails(p, a, b):
    p.mul_(p * (a * b))


a_ = 0.0
b_ = 1.0
p_ = torch.randn(10)
q_ = torch.randn(10)
for _ in range(20):
    a_ += 0.01
    compiled_step_works(q_, a_, b_)
    compiled_step_fails(p_, a_, b_)
