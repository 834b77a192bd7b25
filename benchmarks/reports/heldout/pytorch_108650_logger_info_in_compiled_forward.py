# source: https://github.com/pytorch/pytorch/issues/108650
# framework: PyTorch
# "Unsupported: inline in skipfiles: Logger.info": a diffusers UNet forward calling
# `logger.info("Forward upsample size to force interpolation output size.")` under torch.compile
# raised on torch 2.1 nightly. Dynamo now breaks the graph at the logging call and runs it
# eagerly, so the message is logged on every call, as eagerly. Fine. Reduced: a module whose
# forward logs under a condition on a Python attribute, called three times compiled.
# label: none
# verify: c.records == 3 and c.records == e.records
import logging

import torch

logger = logging.getLogger("unet")
records = 0


class Count(logging.Handler):
    def emit(self, record):
        global records
        records += 1


logger.addHandler(Count())
logger.setLevel(logging.INFO)


class UNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Linear(4, 4)
        self.forward_upsample_size = True

    def forward(self, x):
        if self.forward_upsample_size:
            logger.info("Forward upsample size to force interpolation output size.")
        return self.conv(x)


model = torch.compile(UNet())
for _ in range(3):
    model(torch.randn(2, 4))
