# source: https://github.com/pytorch/pytorch/issues/99569
# framework: PyTorch
# label: none
# "[torch.compile] reduces `nn.Parameter` incorrectly to make the execution of model fail": the
# forward reassigns `self.conv.weight = nn.Parameter(self.conv_weight)` (and the bias) before
# running the conv; in April 2023 the compiled model raised a TypeError. On torch 2.13 the
# compiled model runs and returns the eager result on every call: fine (the assignment happens
# again on each call, with the same tensors).
# verify: close(c.outs, e.outs)
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(420)


class Model2(nn.Module):

    def __init__(self):
        super(Model2, self).__init__()
        self.conv = nn.Conv2d(in_channels=3, out_channels=5, kernel_size=3)
        self.batchnorm = nn.BatchNorm2d(num_features=5)
        self.conv_weight = torch.randn(5, 3, 3, 3)
        self.conv_bias = torch.randn(5)

    def forward(self, x):
        self.conv.weight = nn.Parameter(self.conv_weight)
        self.conv.bias = nn.Parameter(self.conv_bias)
        self.conv.eval()
        x = self.conv(x)
        x = self.batchnorm(x)
        x = F.relu(x)
        return x


input_tensor = torch.randn(1, 3, 10, 10)
func = Model2().to('cpu')

with torch.no_grad():
    func.train(False)
    jit_func = torch.compile(func)
    outs = [jit_func(input_tensor), jit_func(input_tensor)]
print(outs[0].shape)
