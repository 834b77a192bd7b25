# source: https://github.com/pytorch/pytorch/issues/22485
# framework: PyTorch
# Under torch.jit.trace, `scores.shape[0] > nms_pre` is a Python `if` on the example's shape
# (TracerWarning: "treated as a constant in the future"): the trace keeps the branch the example
# took, so a later input with fewer scores than `nms_pre` fails in `topk` ("out of range").
# `nms_pre` is 5 here (1000 in mmdetection); the eager module handles the small input.
# verify: c.error is not None and c.eager_len == 3
import torch


class Head(torch.nn.Module):
    def forward(self, scores):
        nms_pre = 5
        if nms_pre > 0 and scores.shape[0] > nms_pre:  # label: ACC2
            _, idx = scores.topk(nms_pre)
            scores = scores[idx]
        return scores


traced = torch.jit.trace(Head(), torch.rand(8))
eager_len = len(Head()(torch.rand(3)))
error = None
try:
    traced(torch.rand(3))
except RuntimeError as exc:
    error = str(exc)
print(error)
