# source: blind57:torch_trace_global_dict_2
# framework: PyTorch
# A scripted-for-deployment box decoder (torch.jit.trace) multiplies by the anchor stride held
# in a registry dict; a `configure_for_resolution` helper updates the registry after the
# decoder was exported, and the export keeps the old stride.
# verify: not close(c.exported, c.direct)
import torch
from torch import nn

ANCHOR_REGISTRY = {"stride": 8.0}


class BoxDecoder(nn.Module):
    def forward(self, offsets):
        return offsets * ANCHOR_REGISTRY["stride"]  # label[a]: ACC6


def configure_for_resolution(resolution):
    ANCHOR_REGISTRY["stride"] = resolution / 64  # label[a]


class Detector:
    def __init__(self):
        self.decoder = BoxDecoder()
        self.exported = torch.jit.trace(self.decoder, torch.ones(1, 4))  # label[a]

    def detect(self, offsets):
        return self.exported(offsets)


def main():
    det = Detector()
    configure_for_resolution(1024)
    offsets = torch.ones(2, 4)
    return det.detect(offsets), det.decoder(offsets)


exported, direct = main()
