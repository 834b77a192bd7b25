# source: https://github.com/open-edge-platform/geti/issues/3770
# framework: PyTorch
# "Export error after training": exporting an OTX detection model logs, among others,
# `shape = (int(inputs.shape[2]), int(inputs.shape[3]))` (converting a tensor to a Python
# integer) and `meta_info_list = [meta_info] * len(inputs)` (len of a tensor) in
# otx/core/model/detection.py. Reduced to the export wrapper: the image size read with `int()`
# scales the normalized boxes back to pixels. Traced on a 64x64 image, the exported model scales
# a 128x96 image's boxes by 64 - eager scales them by the real size.
# verify: not close(c.traced_boxes, c.eager_boxes) and c.same_size_ok
import warnings

import torch
import torch.nn as nn

warnings.simplefilter("ignore")


class Detector(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, inputs):
        shape = (int(inputs.shape[2]), int(inputs.shape[3]))  # label: ACC3
        meta_info = {"img_shape": shape}
        boxes = torch.sigmoid(self.head(inputs).mean(dim=(2, 3)))  # normalized x1, y1, x2, y2
        h, w = meta_info["img_shape"]
        scale = torch.tensor([w, h, w, h], dtype=boxes.dtype)
        return boxes * scale


model = Detector().eval()
traced = torch.jit.trace(model, torch.randn(1, 3, 64, 64))
x = torch.rand(1, 3, 64, 64)
same_size_ok = torch.allclose(traced(x), model(x))
x2 = torch.rand(1, 3, 128, 96)
eager_boxes = model(x2).detach()
traced_boxes = traced(x2).detach()
print(eager_boxes, traced_boxes)
