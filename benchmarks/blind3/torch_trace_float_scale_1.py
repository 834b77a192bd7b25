# source: blind57:torch_trace_float_scale_1
# framework: PyTorch
# A normalisation helper divides by `float(x.abs().max())`; the model is exported with
# torch.jit.trace, which records the Python float of the example batch as a constant, so
# other batches are divided by the example's peak.
# verify: not close(c.exported, c.direct)
import torch
from torch import nn


def peak_normalize(x):
    return x / float(x.abs().max())  # label: ACC3


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        return self.fc(peak_normalize(x))


def export(model, cfg):
    example = torch.ones(cfg["batch"], 3)
    return torch.jit.trace(model, example, check_trace=False)


def main():
    torch.manual_seed(0)
    model = Encoder()
    exported = export(model, {"batch": 2})
    batch = torch.full((2, 3), 4.0)
    with torch.no_grad():
        return exported(batch), model(batch)


exported, direct = main()
