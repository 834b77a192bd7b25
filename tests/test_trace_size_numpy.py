"""Under torch.jit.trace a NumPy function of a recorded size read bakes the example's size.

Property (ACC304): torch.jit.trace records `x.shape` / `x.size(i)` of a traced input as tensors
(`[conversions] size_reads`); a NumPy function given one (or a value computed from one) converts
it to a host array, which the trace stores as the example's, so a call at another size computes
with the old one or fails. Written for the dev report retinaface_5 (anchors computed with NumPy
from `np.array(image.shape[2:])`). Look-alike: a NumPy constant (`np.float32(2.0)`).
Run (torch 2.13, traced at one size, called at another, check_trace=False): `np.array(x.shape[2:])`
eager (6,), traced (12,); `np.prod(x.shape[1:])` in a reshape raises in the trace; `np.sqrt(x.size(1))`
divides by the example's root; the look-alike equal.
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
import numpy as np
import torch
"""

CASES = {
    "np.array of a slice of the shape, through a local (retinaface#5)": """
class Anchors(torch.nn.Module):
    def forward(self, image):
        image_shape = image.shape[2:]
        image_shape = np.array(image_shape)  # expect: ACC304
        return torch.zeros(int(image_shape[0]) * int(image_shape[1]))

traced = torch.jit.trace(Anchors(), torch.randn(1, 1, 4, 3))
""",
    "np.prod of trailing sizes in a reshape": """
class Flatten(torch.nn.Module):
    def forward(self, x):
        return x.reshape(x.shape[0], int(np.prod(x.shape[1:])))  # expect: ACC304

traced = torch.jit.trace(Flatten(), torch.randn(2, 3, 4))
""",
    "np.sqrt of a size": """
class Norm(torch.nn.Module):
    def forward(self, x):
        return x / np.sqrt(x.size(1))  # expect: ACC304

traced = torch.jit.trace(Norm(), torch.randn(4, 3))
""",
    "look-alike: a NumPy constant": """
class Double(torch.nn.Module):
    def forward(self, x):
        return x * np.float32(2.0)

traced = torch.jit.trace(Double(), torch.randn(4, 3))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_numpy_function_of_a_recorded_size(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC304")
    assert found == expected
