# source: https://github.com/open-mmlab/mmdetection/issues/8201
# framework: PyTorch
# "meet an error when convert TOOD pth to onnx": the export log shows TracerWarnings at
# `assert pred_bboxes.size(0) == bboxes.size(0)` in delta_xywh_bbox_coder.py (a comparison of
# traced sizes turned into a Python bool) and at `iou_threshold = torch.tensor([iou_threshold],
# dtype=torch.float32)` in onnx_helper.py ("torch.tensor results are registered as constants").
# The threshold is a Python float from the config: a constant in the trace is right. The assert
# is decided once, at trace time: reduced to the decoder, traced with matching sizes, the traced
# model no longer checks - mismatched rois and deltas broadcast silently, where eager raises.
# verify: c.eager_error == "AssertionError" and c.traced_shape == (3, 4) and c.same_ok
import warnings

import torch

warnings.simplefilter("ignore")


def decode(bboxes, pred_bboxes, iou_threshold=0.5):
    assert pred_bboxes.size(0) == bboxes.size(0)  # label: ACC2
    iou_threshold = torch.tensor([iou_threshold], dtype=torch.float32)
    decoded = bboxes + pred_bboxes
    return decoded * (decoded > iou_threshold)


traced = torch.jit.trace(decode, (torch.rand(3, 4), torch.rand(3, 4)))
b, d = torch.rand(3, 4), torch.rand(3, 4)
same_ok = torch.allclose(traced(b, d), decode(b, d))
rois, deltas = torch.rand(1, 4), torch.rand(3, 4)
eager_error = None
try:
    decode(rois, deltas)
except AssertionError:
    eager_error = "AssertionError"
traced_shape = tuple(traced(rois, deltas).shape)
print(eager_error, traced_shape, same_ok)
