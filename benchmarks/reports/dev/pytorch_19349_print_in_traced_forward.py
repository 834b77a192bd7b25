# source: https://github.com/pytorch/pytorch/issues/19349
# framework: PyTorch
# A `print` in a traced `forward` runs while the trace is built (three times, with the default
# trace check), never when the traced module is called: the user expected one line per call.
# Reduced to the `torch.jit.trace(model, inputs)` path.
# verify: c.out.count("trace :") == 3 and c.out.count("call :") == 0
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()

    def set_test_name(self, name):
        self.test_name = name

    def forward(self, input):
        print(self.test_name, ":", input.shape[2], "\n")  # label: ACC4
        output = input
        return output


model = Net()
model.eval()
inputs = torch.ones(1, 1, 32, 160)
model.set_test_name("trace")
traced = torch.jit.trace(model, inputs)
model.set_test_name("call")
for _ in range(3):
    traced(inputs)
