# source: https://github.com/pytorch/pytorch/issues/91665
# framework: PyTorch
# label: none
# "Support forward hooks with torch.compile": in early 2023 none of the forward hooks of a
# compiled module fired. The notebook registers forward hooks on the layers of a model
# (to record activations) and then compiles it. On torch 2.13 Dynamo traces the hooks that are
# registered before the compiled call: they fire on every call, and the recorded activations
# equal eager's. (A hook registered after the first compiled call is another matter.)
# verify: c.calls == 9 and close(c.recorded, e.recorded)
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
activations = []


def save_activation(module, inputs, output):
    activations.append(output.detach())


for layer in model:
    layer.register_forward_hook(save_activation)

compiled = torch.compile(model)
xs = [torch.full((2, 4), float(i)) for i in range(3)]
for x in xs:
    compiled(x)
calls = len(activations)
recorded = [a.sum().item() for a in activations]
print(calls, recorded)
