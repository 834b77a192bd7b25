# source: blind55:torch_compile_global_fine_1
# framework: PyTorch
# label: none
# The same recalibrated global read by a torch.compile'd scorer: Dynamo guards on the float
# global, so each new value is seen (a recompile, then a dynamic float) and results match eager.
# verify: close(c.scores, e.scores)
import torch
from torch import nn

CALIBRATION = 1.0


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 1)

    def forward(self, x):
        return torch.sigmoid(self.fc(x) * CALIBRATION)


torch.manual_seed(0)
scorer = torch.compile(Scorer())
x = torch.ones(2, 3)
scores = []
for temp in (0.5, 2.0, 4.0):
    CALIBRATION = temp
    scores.append(scorer(x))
