# source: https://github.com/pytorch/pytorch/pull/47211
# framework: PyTorch
# label: none
# "[jit] fix traced training attribute": a traced mobilenet's `training` attribute was shadowed
# by the default one, so `traced.eval()` and `traced.training = False` did not set it and
# `torch.jit.freeze(traced)` refused the module. The PR's steps with a small conv network traced
# in eval mode under `torch.no_grad()`: on torch 2.13 `traced.eval()` sets `training` to False
# and the frozen module returns the model's output.
# verify: c.training_after_eval is False and close(c.frozen_out, c.model_out)
import torch

model = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.BatchNorm2d(4), torch.nn.ReLU())
inp = torch.zeros(1, 3, 8, 8)
model.eval()
with torch.no_grad():
    traced = torch.jit.trace(model, inp)
traced.eval()
training_after_eval = traced.training
traced.training = False
frozen = torch.jit.freeze(traced)
x = torch.randn(1, 3, 8, 8)
with torch.no_grad():
    frozen_out = frozen(x)
    model_out = model(x)
print(training_after_eval)
