# source: blind57:torch_trace_branch_flag_fine_1
# framework: PyTorch
# label: none
# The same block switches its residual with a registered buffer multiplied into the output,
# so the flag is an input of the traced graph and the exported module follows the switch.
# verify: close(c.exported_out, c.eager_out)
import torch
from torch import nn


class GatedBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.register_buffer("residual_gate", torch.tensor(1.0))

    def forward(self, x):
        y = torch.relu(self.fc(x))
        return y + self.residual_gate * x


class Exporter:
    def __init__(self, model, example):
        self.model = model
        self.traced = torch.jit.trace(model, example)

    def __call__(self, x):
        return self.traced(x)


class Finetuner:
    def __init__(self, model):
        self.model = model

    def freeze_skip(self):
        self.model.residual_gate.fill_(0.0)


def main():
    torch.manual_seed(0)
    model = GatedBlock(4)
    x = torch.ones(2, 4)
    exporter = Exporter(model, x)
    Finetuner(model).freeze_skip()
    with torch.no_grad():
        return exporter(x), model(x)


exported_out, eager_out = main()
