"""Under torch.jit.trace a size read is recorded as a tensor; making a Python number of it bakes
the example input's size.

Property (ACC302): torch.jit.trace records `x.shape[i]` / `x.size(i)` of a traced input as a
tensor (`[conversions] size_reads` in its data, as ACC201's size branches use); `int(...)`,
`float(...)` or a `math` function of a value computed from one turns it into a Python number,
which the trace stores as the example's, so a call with another size computes with the old one
(no error where the shapes still fit). Written for the dev report timm_1673 (Swin's
`window_reverse`: `B = int(windows.shape[0] / (H * W / ws / ws))`). Look-alike: the size passed
to a tensor operation (`x.view(x.size(0), -1)`), recorded as an operation.
Run (torch 2.13, traced at one size, called at another): `int(x.shape[0] / 2)` eager (3, 6),
traced (2, 9); `float(x.size(1))` divides by the example's 3; `math.ceil(x.shape[0] / 2)` keeps
2 rows where eager keeps 4; the look-alike equal.
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
import math
import torch
"""

CASES = {
    "int of a division by a size, in a helper forward calls (timm#1673)": """
def window_reverse(windows, window_size: int, H: int, W: int):
    B = int(windows.shape[0] / (H * W / window_size / window_size))  # expect: ACC302
    return windows.view(B, H, W, -1)

class Block(torch.nn.Module):
    def forward(self, x):
        B, H, W, C = x.shape
        return window_reverse(x.reshape(-1, 2, 2, C), 2, H, W)

traced = torch.jit.trace(Block(), torch.randn(1, 4, 4, 8))
""",
    "float of a size read through a local": """
class Scale(torch.nn.Module):
    def forward(self, x):
        n = x.size(1)
        return x / float(n)  # expect: ACC302

traced = torch.jit.trace(Scale(), torch.randn(4, 3))
""",
    "math.ceil of half a size": """
class Half(torch.nn.Module):
    def forward(self, x):
        half = math.ceil(x.shape[0] / 2)  # expect: ACC302
        return x[:half]

traced = torch.jit.trace(Half(), torch.randn(4, 3))
""",
    "look-alike: the size handed to a tensor operation": """
class Flat(torch.nn.Module):
    def forward(self, x):
        return x.view(x.size(0), -1) * 2

traced = torch.jit.trace(Flat(), torch.randn(4, 3, 2))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_python_number_made_of_a_recorded_size(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC3")
    assert found == expected
