# source: blind57:torch_trace_branch_flag_1
# framework: PyTorch
# A block traced with torch.jit.trace at export time branches on a Python bool attribute;
# a fine-tuning helper later switches the residual off. The trace recorded the branch taken
# when it ran, so the exported module keeps adding the residual.
# verify: not close(c.exported_out, c.eager_out)
import torch
from torch import nn


class GatedBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.use_residual = True

    def forward(self, x):
        y = torch.relu(self.fc(x))
        if self.use_residual:  # label[a]: ACC6
            y = y + x
        return y


class Exporter:
    def __init__(self, model, example):
        self.model = model
        self.traced = torch.jit.trace(model, example)  # label[a]

    def __call__(self, x):
        return self.traced(x)


class Finetuner:
    def __init__(self, model):
        self.model = model

    def freeze_skip(self):
        self.model.use_residual = False  # label[a]


def main():
    torch.manual_seed(0)
    model = GatedBlock(4)
    x = torch.ones(2, 4)
    exporter = Exporter(model, x)
    Finetuner(model).freeze_skip()
    with torch.no_grad():
        return exporter(x), model(x)


exported_out, eager_out = main()
