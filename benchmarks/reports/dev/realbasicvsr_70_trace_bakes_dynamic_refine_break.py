# source: https://github.com/ckkelvinchan/RealBasicVSR/issues/70
# framework: PyTorch
# The user exports RealBasicVSR with `torch.jit.trace` and the traced module gives wrong results;
# the TracerWarning points at the cleaning loop's early exit, `if torch.mean(torch.abs(residues))
# < self.dynamic_refine_thres: break` (mmedit's real_basicvsr_net.py:83): the trace records the
# number of cleaning passes the example input took. The network is reduced to that loop (a
# fixed cleaning step instead of the cleaning module) and `test_mode` to a constructor flag.
# verify: not close(c.traced_out, c.eager_out)
import torch
from torch import nn


class RealBasicVSRNet(nn.Module):
    def __init__(self, dynamic_refine_thres=0.5, max_iterations=3):
        super().__init__()
        self.dynamic_refine_thres = dynamic_refine_thres
        self.max_iterations = max_iterations

    def image_cleaning(self, lqs):
        return -0.1 * lqs

    def forward(self, lqs):
        for _ in range(self.max_iterations):
            residues = self.image_cleaning(lqs)
            lqs = lqs + residues
            if torch.mean(torch.abs(residues)) < self.dynamic_refine_thres:  # label: ACC2
                break
        return lqs


model = RealBasicVSRNet().eval()
traced = torch.jit.trace(model, torch.ones(1, 3, 4, 4))
other = torch.full((1, 3, 4, 4), 10.0)
traced_out = traced(other)
eager_out = model(other)
print(float(traced_out.mean()), float(eager_out.mean()))
