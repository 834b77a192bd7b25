# source: https://github.com/pytorch/pytorch/issues/24824
# framework: PyTorch
# Scripting a module with `nn.Dropout` failed to export, so the reporter traced the dropout layer
# in `__init__` instead, then found that "the traced nn.Dropout layer ... is still applied when the
# model is in .eval() mode": `torch.jit.trace` records the dropout with the training flag it read
# while tracing (True), and `model.eval()` afterwards does not change the recorded graph. Checked:
# two eval-mode calls on the same input differ (torch 2.13), where the same model with an untraced
# `nn.Dropout` (`plain`) gives equal calls. The export to ONNX is left out.
# verify: not close(c.out1, c.out2) and close(c.plain1, c.plain2)
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(8, 8)
        self.dropout = torch.jit.trace(nn.Dropout(0.5), torch.ones(2, 8))  # label[a]: ACC6

    def forward(self, x):
        return self.dropout(self.linear(x))


torch.manual_seed(0)
model = Net()
model.eval()  # label[a]
x = torch.ones(2, 8)
with torch.no_grad():
    out1 = model(x)
    out2 = model(x)
plain = nn.Sequential(model.linear, nn.Dropout(0.5)).eval()
with torch.no_grad():
    plain1, plain2 = plain(x), plain(x)
print(out1, out2)
