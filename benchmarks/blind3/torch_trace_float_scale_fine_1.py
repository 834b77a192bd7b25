# source: blind57:torch_trace_float_scale_fine_1
# framework: PyTorch
# label: none
# The same normalisation kept as a tensor op (`x / x.abs().max()`): the trace records the
# division by the batch's own peak, so the exported model matches the direct one.
# verify: close(c.exported, c.direct)
import torch
from torch import nn


def peak_normalize(x):
    return x / x.abs().max()


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
