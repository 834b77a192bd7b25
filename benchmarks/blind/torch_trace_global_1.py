# source: blind55:torch_trace_global_1
# framework: PyTorch
# An exported (torch.jit.trace) scorer reads a module-level calibration constant; the script
# recalibrates it after tracing, but the traced graph holds the old number as a constant.
# verify: not close(c.traced_scores, c.eager_scores)
import torch
from torch import nn

CALIBRATION = 1.0


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 1)

    def forward(self, x):
        return torch.sigmoid(self.fc(x) * CALIBRATION)  # label[a]: ACC6


torch.manual_seed(0)
scorer = Scorer()
x = torch.ones(2, 3)
traced = torch.jit.trace(scorer, x)
traced_scores, eager_scores = [], []
for temp in (0.5, 2.0, 4.0):
    CALIBRATION = temp  # label[a]
    traced_scores.append(traced(x))
    eager_scores.append(scorer(x))
