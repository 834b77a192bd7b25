# source: https://github.com/open-mmlab/mmdeploy/issues/1868
# framework: PyTorch
# mmdeploy's torch2onnx of a detector logs TracerWarnings in its post-processing: `out_boxes =
# min(num_boxes, after_topk)` in the NMS wrapper (a size turned into a Python number) and
# `if bboxes.size(0) > 0:` in mmdet's bbox transforms (a branch on a traced size). Reduced to the
# two functions, each traced as the export does on 20 candidate boxes. The trace keeps
# `k = 10`: 6 boxes make topk fail where eager takes k = 6. The trace keeps the non-empty branch:
# an empty set runs the rescaling written for boxes, and `max()` of nothing fails where eager
# returns the empty set.
# verify: c.topk_error is not None and c.empty_error is not None and c.eager_ok and c.same_size_ok
import warnings

import torch

warnings.simplefilter("ignore")


def select_topk(boxes, scores, after_topk=10):
    num_boxes = boxes.shape[0]
    out_boxes = min(num_boxes, after_topk)  # label: ACC3
    scores, idx = scores.topk(out_boxes)
    return boxes[idx], scores


def rescale(bboxes):
    if bboxes.size(0) > 0:  # label: ACC2
        wh = bboxes[:, 2:] - bboxes[:, :2]
        bboxes = bboxes / wh.max()
    return bboxes


boxes, scores = torch.rand(20, 4) + torch.tensor([0.0, 0.0, 1.0, 1.0]), torch.rand(20)
traced_topk = torch.jit.trace(select_topk, (boxes, scores))
traced_rescale = torch.jit.trace(rescale, boxes)
same_size_ok = torch.allclose(traced_rescale(boxes), rescale(boxes)) and all(
    torch.allclose(p, q) for p, q in zip(traced_topk(boxes, scores), select_topk(boxes, scores))
)
few, empty = torch.rand(6, 4), torch.zeros(0, 4)
eager_ok = select_topk(few, torch.rand(6))[0].shape[0] == 6 and rescale(empty).shape[0] == 0
topk_error = None
try:
    traced_topk(few, torch.rand(6))
except RuntimeError as exc:
    topk_error = type(exc).__name__
empty_error = None
try:
    traced_rescale(empty)
except RuntimeError as exc:
    empty_error = type(exc).__name__
print(topk_error, empty_error, eager_ok, same_size_ok)
