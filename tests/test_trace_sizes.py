"""Under torch.jit.trace a size read off a traced tensor is a traced value until Python converts it.

Property (ACC302): under torch.jit.trace, a size read off a traced tensor (`x.size()`,
`x.shape`, an element, slice, unpacked name, loop or comprehension target, or tuple of them,
also through a local, a helper's parameter, or arithmetic) is a traced value; converting it to a
Python number (`int`/`float`/a `math` function, `min`/`max` of it, a legacy typed constructor
such as `torch.FloatTensor(size)`, an argument an op takes only as a Python int) bakes the
example's value (acclint/frameworks/torch_trace.toml `[conversions]`).

Run (torch 2.13 CPU, traced at one size, called at another, against eager:
benchmarks/framework_runs.py trace_size_conversions): `[int(s) for s in x.size()[2:]]` into
`F.interpolate` wrong; `min(n, 10)` then `topk` raises, `min(h, w)` wrong; `torch.FloatTensor(
torch.Size(t))`, `torch.ByteTensor(x.size())`, `torch.LongTensor(n)`, `x.new(n, 3)` wrong or
raise; `groups=N` of `F.conv_transpose2d`/`F.conv2d` raises, their `stride`/`padding`/
`dilation` wrong (a tuple too), `x.chunk(n)` raises; a helper's `float(w // p)` wrong. The
look-alikes right: `x.view(N, -1)`, `torch.zeros(x.size())`, `F.avg_pool2d(f, f.size()[2:])`,
`F.interpolate(x, size=y.shape[2:])`, `x.topk(n // 2)`, `F.one_hot(x, num_classes=n)`,
`x.repeat(n, 1)`, `torch.arange(n)`. Written for batch 27's dev misses face_parsing_7,
pytorch_34743, mmdeploy_1868, pix2pixhd_210, pytorch_36454 and tensorrt_4184.
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
"""

HAZARDS = {
    # a comprehension or loop target over a size
    "int of a comprehension target over size()[2:] (face-parsing#7)": """
class ContextPath(nn.Module):
    def forward(self, feat16, feat32):
        feat16_shape = [int(t) for t in feat16.size()[2:]]  # expect: ACC302
        return F.interpolate(feat32, feat16_shape, mode="nearest")

traced = torch.jit.trace(ContextPath(), (torch.randn(1, 3, 8, 8), torch.randn(1, 3, 4, 4)))
""",
    "int of a comprehension target over shape[2:], in the call": """
def up(x):
    return F.interpolate(x, [int(s) * 2 for s in x.shape[2:]])  # expect: ACC302

traced = torch.jit.trace(up, torch.randn(1, 3, 8, 8))
""",
    "int of a for target over a size": """
def flat(x):
    n = 1
    for s in x.shape[1:]:
        n = n * int(s)  # expect: ACC302
    return x.view(-1, n)

traced = torch.jit.trace(flat, torch.randn(2, 3, 4))
""",
    "float in a generator over a local holding the size": """
def total(x):
    shape = x.size()
    return x * sum(float(d) for d in shape)  # expect: ACC302

traced = torch.jit.trace(total, torch.randn(4, 3))
""",
    # min / max
    "min of a size held in a local and a number (mmdeploy#1868)": """
def select_topk(boxes, scores, after_topk=10):
    num_boxes = boxes.shape[0]
    out_boxes = min(num_boxes, after_topk)  # expect: ACC302
    scores, idx = scores.topk(out_boxes)
    return boxes[idx], scores

traced = torch.jit.trace(select_topk, (torch.rand(20, 4), torch.rand(20)))
""",
    "max of arithmetic on a size": """
def head(x):
    k = max(x.size(0) // 2, 1)  # expect: ACC302
    return x[:k]

traced = torch.jit.trace(head, torch.rand(8, 4))
""",
    "min of two unpacked sizes": """
def crop(x):
    _, _, h, w = x.shape
    side = min(h, w)  # expect: ACC302
    return x[:, :, :side, :side]

traced = torch.jit.trace(crop, torch.rand(1, 1, 4, 6))
""",
    # legacy typed constructors
    "FloatTensor of torch.Size of a tuple of a local size's elements (pix2pixHD#210)": """
class Pix2PixHDModel(nn.Module):
    def forward(self, label_map):
        size = label_map.size()
        oneHot_size = (size[0], 5, size[2], size[3])
        input_label = torch.FloatTensor(torch.Size(oneHot_size)).zero_()  # expect: ACC302
        return input_label.scatter_(1, label_map.long(), 1.0)

traced = torch.jit.trace(Pix2PixHDModel(), torch.randint(0, 5, (1, 1, 16, 16)))
""",
    "ByteTensor of the size (pix2pixHD#210 get_edges)": """
def get_edges(t):
    edge = torch.ByteTensor(t.size()).zero_()  # expect: ACC302
    edge[:, :, :, 1:] = edge[:, :, :, 1:] | (t[:, :, :, 1:] != t[:, :, :, :-1])
    return edge.float()

traced = torch.jit.trace(get_edges, torch.randint(0, 5, (1, 1, 16, 16)))
""",
    "a cuda typed constructor of unpacked sizes": """
def buffer(x):
    n, c = x.shape
    return torch.cuda.FloatTensor(n, c).zero_() + x  # expect: ACC302

traced = torch.jit.trace(buffer, torch.rand(4, 3))
""",
    "the legacy new method of a traced tensor": """
def mask(x):
    return x.new(x.size(0), 3).zero_()  # expect: ACC302

traced = torch.jit.trace(mask, torch.rand(4, 3))
""",
    # an argument an op takes only as a Python int
    "groups of a functional transposed convolution from an unpacked size (pytorch#36454)": """
class PerSampleDeconv(nn.Module):
    def forward(self, x, weight):
        N, C, H, W = x.size()
        out = F.conv_transpose2d(
            x.reshape(1, N * C, H, W), weight, padding=1, stride=1, groups=N  # expect: ACC302
        )
        return out.view(N, -1, H, W)

traced = torch.jit.trace(PerSampleDeconv(), (torch.randn(2, 2, 5, 5), torch.randn(4, 3, 3, 3)))
""",
    "padding of a functional convolution from a local size": """
def same(x, w):
    k = w.shape[-1]
    return F.conv2d(x, w, padding=k // 2)  # expect: ACC302

traced = torch.jit.trace(same, (torch.randn(1, 1, 8, 8), torch.randn(1, 1, 3, 3)))
""",
    "stride of a functional convolution, positionally, in a tuple": """
def down(x, w):
    s = x.size(2) // 4
    return F.conv1d(x, w, None, (s,))  # expect: ACC302

traced = torch.jit.trace(down, (torch.randn(1, 1, 8), torch.randn(1, 1, 1)))
""",
    "chunks of a chunk method from a size": """
def halves(x):
    parts = x.chunk(x.size(1), dim=1)  # expect: ACC302
    return torch.cat(parts, 0)

traced = torch.jit.trace(halves, torch.randn(2, 3))
""",
    # a helper's parameter
    "float of arithmetic on a helper method's parameter (TensorRT#4184)": """
class PosEmbed(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_size = 14
        self.pos_embed = nn.Parameter(torch.randn(1, 16, 8))

    def interpolate_pos_encoding(self, x, w, h):
        N = self.pos_embed.shape[1]
        w0 = w // self.patch_size
        M = int(math.sqrt(N))
        return F.interpolate(
            self.pos_embed.reshape(1, M, M, 8).permute(0, 3, 1, 2),
            scale_factor=(float(w0) / M, 1.0),  # expect: ACC302
            mode="bicubic",
        )

    def forward(self, img):
        _, _, w, h = img.shape
        return self.interpolate_pos_encoding(img, w, h)

traced = torch.jit.trace(PosEmbed(), torch.randn(1, 3, 56, 56))
""",
    "float of a module-level helper's parameter": """
def scale(x, n):
    return x * float(n)  # expect: ACC302

def forward(x):
    return scale(x, x.size(1))

traced = torch.jit.trace(forward, torch.randn(4, 3))
""",
    "min of a helper's parameter passed by keyword": """
def clip(x, length):
    return x[: min(length, 4)]  # expect: ACC302

def forward(x):
    return clip(x, length=x.shape[0])

traced = torch.jit.trace(forward, torch.randn(6, 3))
""",
}

LOOK_ALIKES = {
    "a size passed on as a size": """
class Reshape(nn.Module):
    def forward(self, x, y, feat):
        N, C, H, W = x.size()
        out = x.view(N, -1) + torch.zeros(x.size()).view(N, -1)
        pooled = F.avg_pool2d(feat, feat.size()[2:])
        up = F.interpolate(x, size=y.shape[2:])
        return out, pooled, up, torch.arange(N), x.new_zeros(x.size())

traced = torch.jit.trace(Reshape(), (torch.rand(1, 2, 4, 4), torch.rand(1, 2, 8, 8), torch.rand(1, 2, 4, 4)))
""",
    "ops that record a size argument (topk's k, one_hot, repeat, expand)": """
def ops(s, labels, row):
    top = s.topk(s.size(0) // 2)[0]
    hot = F.one_hot(labels, num_classes=labels.size(0))
    return top, hot, row.repeat(s.size(0), 1), row.expand(s.size(0), 3)

traced = torch.jit.trace(ops, (torch.rand(20), torch.tensor([0, 1, 2]), torch.rand(1, 3)))
""",
    "the same conversions under torch.compile, where sizes are Python ints": """
@torch.compile
def up(x, boxes):
    sizes = [int(s) * 2 for s in x.shape[2:]]
    k = min(boxes.shape[0], 10)
    N = x.size(0)
    return F.interpolate(x, sizes), boxes[:k], torch.FloatTensor(x.size()), F.conv2d(x, x, groups=N)

up(torch.rand(1, 1, 4, 4), torch.rand(20, 4))
""",
    "the same conversions in eager code": """
def up(x, boxes):
    sizes = [int(s) * 2 for s in x.shape[2:]]
    return F.interpolate(x, sizes), boxes[: min(boxes.shape[0], 10)]

up(torch.rand(1, 1, 4, 4), torch.rand(20, 4))
""",
    "Python numbers that are no sizes: a range's target, a config list, a helper given a literal": """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.sizes = [4, 8]

    def scale(self, x, n):
        return x * float(n)

    def forward(self, x):
        widths = [int(s) for s in self.sizes]
        total = 0
        for i in range(3):
            total = total + int(i)
        k = min(self.sizes[0], 3)
        return self.scale(x, 4) * total * k * widths[0]

traced = torch.jit.trace(Net(), torch.rand(4, 3))
""",
}


@pytest.mark.parametrize("body", HAZARDS.values(), ids=HAZARDS.keys())
def test_a_traced_size_converted_to_a_python_number(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC3")
    assert expected and found == expected


@pytest.mark.parametrize("body", LOOK_ALIKES.values(), ids=LOOK_ALIKES.keys())
def test_a_size_kept_as_a_size_or_no_traced_size(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC3")
    assert expected == [] and found == []


def test_a_size_guarded_as_no_tensor_is_no_traced_size():
    """detectron2's find_top_rpn_proposals: under tracing the size is a tensor and is clamped;
    `min` runs only where it is a Python int (scripting, eager)."""
    body = """
def top(logits, k=10):
    n = logits.shape[1]
    if isinstance(n, torch.Tensor):  # it's a tensor in tracing
        num = torch.clamp(n, max=k)
    else:
        num = min(n, k)
    return logits.topk(num, dim=1)

traced = torch.jit.trace(top, torch.rand(2, 20))
"""
    expected, found = family_labels_and_findings(HEADER + body, "ACC3")
    assert expected == [] and found == []


def test_a_branch_on_a_size_a_helper_is_passed():
    """The reach is the size's, whatever converts it: a Python `if` on the parameter asks for a
    bool (ACC201, as `if x.size(0) > 3:` in place; run: framework_runs.py trace_branch_on_size)."""
    body = """
def pick(x, n):
    if n > 3:  # expect: ACC201
        return x * 2
    return x

def forward(x):
    return pick(x, x.size(0))

traced = torch.jit.trace(forward, torch.rand(4, 3))
"""
    expected, found = family_labels_and_findings(HEADER + body, "ACC2")
    assert expected and found == expected


def test_a_size_passed_by_a_caller_another_framework_traces():
    """Only the callers the trace runs hand the helper a traced size: one torch.compile runs
    hands it a Python int (a size is an int there), whatever the traced caller passes."""
    body = """
def scale(x, n):
    return x * float(n)

@torch.compile
def compiled(x):
    return scale(x, x.size(1))

def traced_forward(x):
    return scale(x, 3)

compiled(torch.randn(4, 3))
traced = torch.jit.trace(traced_forward, torch.randn(4, 3))
"""
    expected, found = family_labels_and_findings(HEADER + body, "ACC3")
    assert expected == [] and found == []
