# source: https://github.com/NVIDIA/pix2pixHD/issues/210
# framework: PyTorch
# "Onnx export" of pix2pixHD: `encode_input` builds the one-hot label map with
# `torch.cuda.FloatTensor(torch.Size(oneHot_size)).zero_()`, where `oneHot_size` comes from
# `label_map.size()`; the export warns "Converting a tensor to a Python index" there (and again
# at `torch.cuda.ByteTensor(t.size())` in get_edges). Reduced to the one-hot encoding (on the CPU
# tensor type) and the edge map, traced as the export does on a 16x16 label map: the traced model allocates the
# 16x16 buffer for a 32x24 label map too, and the scatter into it fails, where eager encodes it;
# the traced edge map fails the same way.
# verify: c.error is not None and c.edges_error is not None and c.eager_shape == (1, 5, 32, 24) and c.eager_edges_shape == (1, 1, 32, 24) and c.same_size_ok
import warnings

import torch
import torch.nn as nn

warnings.simplefilter("ignore")


class Pix2PixHDModel(nn.Module):
    def __init__(self, label_nc=5):
        super().__init__()
        self.label_nc = label_nc

    def forward(self, label_map):
        size = label_map.size()
        oneHot_size = (size[0], self.label_nc, size[2], size[3])
        input_label = torch.FloatTensor(torch.Size(oneHot_size)).zero_()  # label: ACC3
        input_label = input_label.scatter_(1, label_map.long(), 1.0)
        return input_label


def get_edges(t):  # a method of the model in pix2pixHD
    edge = torch.ByteTensor(t.size()).zero_()  # label: ACC3
    edge[:, :, :, 1:] = edge[:, :, :, 1:] | (t[:, :, :, 1:] != t[:, :, :, :-1])
    edge[:, :, :, :-1] = edge[:, :, :, :-1] | (t[:, :, :, 1:] != t[:, :, :, :-1])
    return edge.float()


model = Pix2PixHDModel()
traced = torch.jit.trace(model, torch.randint(0, 5, (1, 1, 16, 16)))
label = torch.randint(0, 5, (1, 1, 16, 16))
same_size_ok = torch.equal(traced(label), model(label))
label2 = torch.randint(0, 5, (1, 1, 32, 24))
eager_shape = tuple(model(label2).shape)
error = None
try:
    traced(label2)
except RuntimeError as exc:
    error = type(exc).__name__
traced_edges = torch.jit.trace(get_edges, torch.randint(0, 5, (1, 1, 16, 16)))
edges_error = None
try:
    traced_edges(label2)
except RuntimeError as exc:
    edges_error = type(exc).__name__
eager_edges_shape = tuple(get_edges(label2).shape)
print(error, edges_error, eager_shape, same_size_ok)
