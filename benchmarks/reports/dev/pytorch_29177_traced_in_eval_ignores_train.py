# source: https://github.com/pytorch/pytorch/issues/29177
# framework: PyTorch
# The feature request: `torch.jit.trace_module` returns a ScriptModule that "behaves the same in
# eval and train mode, i.e. always executing the graph that is equivalent to the module at tracing
# time". A model with dropout traced in eval mode and then switched to `.train()` for training
# keeps running without dropout: the training flag was read once, while tracing. Checked: after
# `traced.train()` two calls on one input are equal (torch 2.13), where the model itself in train
# mode gives two different outputs. The model is a small stand-in.
# verify: close(c.out1, c.out2) and not close(c.model1, c.model2)
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Dropout(0.5), nn.Linear(8, 2))
x = torch.ones(4, 8)
model.eval()
traced = torch.jit.trace(model, x)  # label[a]: ACC6
traced.train()  # label[a]
out1 = traced(x)
out2 = traced(x)
model.train()
model1, model2 = model(x), model(x)
print(out1, out2)
