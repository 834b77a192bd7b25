"""torch.compile specialises a tensor dimension that its body uses as a Python loop bound.

Property (ACC503): a dimension of a tensor argument of a `torch.compile`d function (or module)
that its body uses as the bound of a Python loop (`range(x.shape[i])`, `range(x.size(i))`,
`range(len(x))`, `for row in x`) is specialised to its value, since the loop is unrolled, so
that dimension is part of the cache key even where automatic dynamic shapes make every other
use symbolic: a call, in an unbounded loop, whose argument is new in that dimension on every pass
compiles on every pass until the recompile limit (acclint/frameworks/torch_compile.toml,
`[cache_key]` `dimensions_specialized_by`). Written for the dev report pytorch_115626 (a
recurrent cell unrolled over `x.shape[1]`, fed lengths 5..14).

Run (torch 2.13, a counting backend, 10 calls with the dimension 5..14; benchmarks/
framework_runs.py torch_compile_unrolled_dimension): `range(x.shape[1])` 8 graphs (the limit),
`range(x.size(1))` 8, `range(len(x))` 8, `for row in x` 8; the look-alikes: the dimension only
in tensor arithmetic 2 (the second compile is dynamic), a loop over another dimension, fixed,
while the call changes dimension 1: 2.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

CASES = {
    "a module unrolled over its input's time axis (pytorch_115626)": """
class Recurrent(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = torch.nn.GRUCell(4, 8)

    def forward(self, x):
        h = torch.zeros(x.shape[0], 8)
        for t in range(x.shape[1]):
            h = self.cell(x[:, t], h)
        return h

model = torch.compile(Recurrent())
for length in range(5, 15):
    out = model(torch.randn(2, length, 4))  # expect: ACC503
""",
    "`range(x.size(1))` in a decorated function, a slice moving in that dimension": """
@torch.compile
def total(x):
    h = torch.zeros(x.size(0))
    for t in range(x.size(1)):
        h = h + x[:, t]
    return h

def run(data, n):
    for t in range(1, n):
        total(data[:, :t])  # expect: ACC503
""",
    "`range(len(x))` with the leading size new on every pass": """
def rows(x):
    h = torch.zeros(x.shape[1])
    for i in range(len(x)):
        h = h + x[i]
    return h

compiled = torch.compile(rows)
for n in range(5, 15):
    compiled(torch.zeros((n, 3)))  # expect: ACC503
""",
    "`for row in x` over the argument": """
@torch.compile
def by_rows(x, w):
    h = torch.zeros(x.shape[1])
    for row in x:
        h = h + row * w
    return h

for n in range(5, 15):
    by_rows(torch.ones(n, 3), torch.ones(3))  # expect: ACC503
""",
    "the last dimension by a negative index, the shape given as a tuple": """
@torch.compile
def columns(x):
    h = torch.zeros(x.shape[0])
    for j in range(x.shape[-1] - 1):
        h = h + x[:, j]
    return h

for width in range(5, 15):
    columns(torch.zeros((2, width)))  # expect: ACC503
""",
    "look-alike: the dimension only in tensor arithmetic (dynamic after one recompile)": """
@torch.compile
def scale(x):
    return x * 2 + x.shape[1]

for length in range(5, 15):
    scale(torch.randn(2, length))
""",
    "look-alike: the loop over a dimension that stays put": """
@torch.compile
def over_rows(x):
    h = torch.zeros(x.shape[1])
    for t in range(x.shape[0]):
        h = h + x[t]
    return h

for length in range(5, 15):
    over_rows(torch.randn(2, length))
""",
    "look-alike: the unrolled dimension fixed, the loop bounded by a literal tuple": """
@torch.compile
def total(x):
    h = torch.zeros(x.size(0))
    for t in range(x.size(1)):
        h = h + x[:, t]
    return h

for length in (4, 8):
    total(torch.randn(2, length))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_dimension_unrolled_by_the_body_is_keyed(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected
