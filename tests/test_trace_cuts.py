"""torch.jit.trace records how many pieces a traced input is cut into along its first dimension.

Property (ACC302): under torch.jit.trace a Python value computed from a traced input's size is
the example's: so is the length of the Python list `torch.split(x, s)`, `x.split(s)`,
`torch.unbind(x)` or `x.unbind()` cut along the first dimension (the default) makes, iterated or
returned; a call at another batch size raises (acclint/frameworks/torch_trace.toml, `[conversions]
cuts`). torch.jit.trace emits no TracerWarning for it, unlike `len(x)` or a `for` over `x`.

Run (torch 2.13, traced on 2 rows, called on 5: benchmarks/framework_runs.py
trace_cut_along_first_dimension; pytorch#27551): `torch.split(x, x.size(1))` returned raises, a
`for` over `x.split(1)` raises, `x.unbind(0)` returned raises, a comprehension over
`torch.unbind(x)` raises, `first, *rest = x.unbind()` raises; the look-alikes: a cut along the last dimension and cuts unpacked into
a fixed number of names are fine, and the `for` under torch.compile is right at 2, 5 and 3 rows. Written from torch's own catalogue (stop 53).
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
import torch
from torch import nn
"""

CASES = {
    "torch.split by a size, returned (pytorch#27551)": """
class Split(nn.Module):
    def forward(self, x):
        return torch.split(x, x.size(1))  # expect: ACC302

traced = torch.jit.trace(Split(), torch.randn(1, 2, 3, 4))
""",
    "a for over x.split(1) in a traced function": """
def doubled(x):
    out = []
    for part in x.split(1):  # expect: ACC302
        out.append(part * 2)
    return torch.cat(out)

traced = torch.jit.trace(doubled, torch.ones(2, 3))
""",
    "x.unbind(0) returned, by keyword dim": """
class Rows(nn.Module):
    def forward(self, x):
        return x.unbind(dim=0)  # expect: ACC302

traced = torch.jit.trace(Rows(), torch.ones(2, 3))
""",
    "a comprehension over torch.unbind(x)": """
def sums(x):
    return torch.stack([row.sum() for row in torch.unbind(x)])  # expect: ACC302

traced = torch.jit.trace(sums, torch.ones(2, 3))
""",
    "pieces star-unpacked": """
def first_and_count(x):
    first, *rest = x.unbind()  # expect: ACC302
    return first * len(rest)

traced = torch.jit.trace(first_and_count, torch.ones(2, 3))
""",
    "look-alike: a split into listed sections (their count is the list's; eager needs them to sum to the size)": """
def parts(x):
    head, tail = torch.split(x, [1, 1])
    return torch.cat([p * 2 for p in x.split((1, 1))]) + head + tail

traced = torch.jit.trace(parts, torch.ones(2, 4))
""",
    "look-alike: a cut along the last dimension": """
def halves(x):
    return torch.cat([p * 2 for p in torch.split(x, 2, dim=-1)], dim=-1)

traced = torch.jit.trace(halves, torch.ones(2, 4))
""",
    "look-alike: pieces unpacked into a fixed number of names, or indexed out": """
def pair(x):
    a, b = x.split(1)
    return a * b + x.unbind()[0]

traced = torch.jit.trace(pair, torch.ones(2, 4))
""",
    "look-alike: the same cut under torch.compile (Dynamo specialises the count and guards it)": """
@torch.compile
def doubled(x):
    return torch.cat([part * 2 for part in x.split(1)])
""",
    "look-alike: a str split in a traced function's helper argument": """
def scaled(x, spec: str = "a,b"):
    names = spec.split(",")
    return x * len(names)

traced = torch.jit.trace(scaled, torch.ones(2, 4))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_cut_along_the_first_dimension_is_the_examples(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC3")
    assert found == expected
