# source: https://github.com/pytorch/pytorch/pull/170477
# framework: PyTorch
# The pull request's regression test (issue 169634): a compiled step multiplies a tensor in
# place by `scaling_factor * lr`, where `scaling_factor` is a 0-d tensor and `lr` a Python
# float that changes on every call; with TENSORIFY_PYTHON_SCALARS the product produced value
# guards on `lr` and the step recompiled on every new learning rate. The test's backend
# counter is verify.py's; `scaling_factor` is derived from `dummy_tensor` as a stand-in (the
# test's line is cut off in the stored thread), and the learning rate changes ten times. On
# torch 2.13, with TENSORIFY_PYTHON_SCALARS set as in the test, the step compiles twice (the
# float becomes dynamic at the first change) and no more: fine today.
# label: none
# verify: c.torch['scaling_step'] <= 2
import os

os.environ["TENSORIFY_PYTHON_SCALARS"] = "1"  # as the test's patch.dict
import torch


def scaling_step(update, dummy_tensor, lr):
    scaling_factor = dummy_tensor.norm() / dummy_tensor.numel()
    update.mul_(scaling_factor * lr)  # bug trigger path
    return update


update = torch.randn(128, 128)
dummy_tensor = torch.randn(324, 64)
opt = torch.compile(fullgraph=True)(scaling_step)
num_steps = 10
for step in range(num_steps):
    lr = 1e-4 * (step + 1)
    opt(update, dummy_tensor, lr)
