# source: https://github.com/JIA-Lab-research/LongLoRA/issues/127
# framework: PyTorch
# Written from the description of inference.py: the model is put in eval mode and then
# compiled; the reporter saw `model.training` True afterwards and moved `model.eval()` below.
# The wrapper `torch.compile` returns has its own `training` flag (True), but its forward runs
# the wrapped module, which stays in eval mode: dropout is off, two calls agree. Fine. The model
# is a stand-in with dropout.
# label: none
# verify: c.model._orig_mod.training is False and close(c.result1, c.result2)
import torch

model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.Dropout(0.5))
model.eval()
if torch.__version__ >= "2":
    model = torch.compile(model)

x = torch.ones(2, 8)
with torch.no_grad():
    result1 = model(x)
    result2 = model(x)
print(model.training, result1, result2)
