# source: https://github.com/pytorch/pytorch/issues/172207
# framework: PyTorch
# Label: fine look-alike. The report: a model that builds a random mask with `torch.rand` in
# `forward` gives another loss compiled than eager under the same seed (inductor draws with its
# own generator, so the streams differ). That is a different stream, not a frozen one: each
# compiled call draws a new mask, as eager does. Checked with torch 2.13: two compiled calls give
# different masks, one graph. The model is cut to the masked attention scores.
# label: none
# verify: sum(c.torch.values()) == 1 and not close(c.first, c.second)
import torch
import torch.nn as nn
import torch.nn.functional as F


class TestModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(10, 20)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        scores = torch.matmul(x, x.transpose(-1, -2))
        mask = torch.rand(scores.shape[-2:]) < 0.3
        scores = scores.masked_fill(mask, -1e9)
        return F.softmax(scores, dim=-1)


torch.manual_seed(0)
model = torch.compile(TestModel())
x = torch.randn(2, 5, 10)
first = model(x)
second = model(x)
print(first[0, 0], second[0, 0])
