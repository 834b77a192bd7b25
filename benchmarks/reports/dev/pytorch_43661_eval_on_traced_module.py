# source: https://github.com/pytorch/pytorch/issues/43661
# framework: PyTorch
# `traced_module.eval()` left `traced_module.training` True (torch 1.6); fixed by
# pytorch#47211. A traced module's mode switch is not a trace hazard: torch 2.13 sets the flag.
# Fine. (The input is contiguous here: the report's `as_strided` layout does not matter.)
# label: none
# verify: c.training_after_eval is False
import torch


class MyModel(torch.nn.Module):
    def __init__(self):
        super(MyModel, self).__init__()
        self.layer1 = torch.nn.Conv2d(3, 32, 1, 1)

    def forward(self, x):
        x = self.layer1(x)
        return x


model = MyModel().eval()
shape = [1, 3, 32, 32]
dummy_input = torch.randn(shape)
traced_module = torch.jit.trace(model, dummy_input)
traced_module.eval()
training_after_eval = traced_module.training
print(training_after_eval)
