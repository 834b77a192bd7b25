# source: blind55:torch_trace_print_1
# framework: PyTorch
# A debug print of activation statistics in a module later traced with torch.jit.trace: it prints
# while tracing and never when the traced module runs.
# verify: c.traced_prints == 0 and c.eager_prints == 5
import contextlib
import io

import torch
from torch import nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        h = torch.relu(self.fc(x))
        print("act mean", float(h.mean()))  # label: ACC4
        return h


def count_prints(fn, x, n):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        for i in range(n):
            fn(x * i)
    return buf.getvalue().count("act mean")


torch.manual_seed(0)
block = Block()
x = torch.ones(2, 4)
traced = torch.jit.trace(block, x, check_trace=False)
traced_prints = count_prints(traced, x, 5)
eager_prints = count_prints(block, x, 5)
