# source: https://github.com/supernotman/RetinaFace_Pytorch/issues/5
# framework: PyTorch
# The project's `Anchors.forward` turns `image.shape[2:]` into a NumPy array and builds the
# anchors with NumPy: under torch.jit.trace the shape becomes Python numbers and the anchors a
# constant (`torch.from_numpy` results are registered as constants), so "the model is then
# using a hardcoded 640x640 input size and anchors". anchors.py as in the repository
# (`.cuda()` left out); the detector around it is a stand-in that returns the anchors with a
# convolution's output. Traced at 64x64, run at 32x32: the traced anchors are the 64x64 ones.
# verify: c.traced_anchors.shape != c.eager_anchors.shape
import numpy as np
import torch
import torch.nn as nn


class Anchors(nn.Module):
    def __init__(self, pyramid_levels=None, strides=None, sizes=None, ratios=None, scales=None):
        super(Anchors, self).__init__()

        if pyramid_levels is None:
            self.pyramid_levels = [2, 3, 4, 5, 6]
        if strides is None:
            self.strides = [2 ** x for x in self.pyramid_levels]
        if sizes is None:
            self.sizes = [2 ** (x + 2) for x in self.pyramid_levels]
        if ratios is None:
            self.ratios = np.array([1, 1, 1])
        if scales is None:
            self.scales = np.array([2 ** 0, 2 ** (1.0 / 3.0), 2 ** (2.0 / 3.0)])

    def forward(self, image):
        image_shape = image.shape[2:]
        image_shape = np.array(image_shape)  # label: ACC3
        image_shapes = [(image_shape + 2 ** x - 1) // (2 ** x) for x in self.pyramid_levels]

        all_anchors = np.zeros((0, 4)).astype(np.float32)
        for idx, p in enumerate(self.pyramid_levels):
            anchors = generate_anchors(base_size=self.sizes[idx], ratios=self.ratios, scales=self.scales)
            shifted_anchors = shift(image_shapes[idx], self.strides[idx], anchors)
            all_anchors = np.append(all_anchors, shifted_anchors, axis=0)

        all_anchors = np.expand_dims(all_anchors, axis=0)
        return torch.from_numpy(all_anchors.astype(np.float32))


def generate_anchors(base_size=16, ratios=None, scales=None):
    num_anchors = len(scales)
    anchors = np.zeros((num_anchors, 4))
    anchors[:, 2:] = base_size * np.tile(scales, (2, 1)).T
    anchors[:, 0::2] -= np.tile(anchors[:, 2] * 0.5, (2, 1)).T
    anchors[:, 1::2] -= np.tile(anchors[:, 3] * 0.5, (2, 1)).T
    return anchors


def shift(shape, stride, anchors):
    shift_x = (np.arange(0, shape[1]) + 0.5) * stride
    shift_y = (np.arange(0, shape[0]) + 0.5) * stride
    shift_x, shift_y = np.meshgrid(shift_x, shift_y)
    shifts = np.vstack((shift_x.ravel(), shift_y.ravel(), shift_x.ravel(), shift_y.ravel())).transpose()
    A = anchors.shape[0]
    K = shifts.shape[0]
    all_anchors = (anchors.reshape((1, A, 4)) + shifts.reshape((1, K, 4)).transpose((1, 0, 2)))
    return all_anchors.reshape((K * A, 4))


class RetinaFace(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.anchors = Anchors()

    def forward(self, img_batch):
        features = self.conv(img_batch)
        anchors = self.anchors(img_batch)
        return features, anchors


model = RetinaFace().eval()
traced = torch.jit.trace(model, torch.randn(1, 3, 64, 64), check_trace=False)
small = torch.randn(1, 3, 32, 32)
eager_anchors = model(small)[1]
traced_anchors = traced(small)[1]
print(eager_anchors.shape, traced_anchors.shape)
