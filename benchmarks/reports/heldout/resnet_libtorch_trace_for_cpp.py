# source: https://github.com/Skylark0924/Machine-Learning-is-ALL-You-Need/blob/HEAD/CV_Resnet/Resnet_libtorch_C++/py_2_C.py
# framework: PyTorch
# Label: fine look-alike. The libtorch tutorial's export: trace a network on a batch of 1, run
# the trace on a different input and save it. torchvision's resnet18 is not installed here; a
# small convolutional stand-in with the same input and a flatten by `x.flatten(1)` (no size read)
# takes its place; the save goes to a temporary file. A batch of 3 added.
# label: none
# verify: close(c.output, c.expected) and close(c.out3, c.exp3)
import os
import tempfile

import torch

# An instance of your model.
model = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 7, stride=4), torch.nn.ReLU(),
                            torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(1),
                            torch.nn.Linear(4, 1000))

# An example input you would normally provide to your model's forward() method.
example = torch.rand(1, 3, 224, 224)

# Use torch.jit.trace to generate a torch.jit.ScriptModule via tracing.
traced_script_module = torch.jit.trace(model, example)
output = traced_script_module(torch.ones(1, 3, 224, 224))
expected = model(torch.ones(1, 3, 224, 224))
traced_script_module.save(os.path.join(tempfile.mkdtemp(), "traced_resnet_model.pt"))

print(output[0, :5])
batch = torch.rand(3, 3, 224, 224)
out3, exp3 = traced_script_module(batch), model(batch)
