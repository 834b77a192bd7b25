"""torch.compile guards an argument's container structure by value.

Property (ACC505): a dict argument's keys and a list's or tuple's length are read by Dynamo's
guards (DICT_KEYS_MATCH, SEQUENCE_LENGTH in torch/_dynamo/guards.py) by value and never go dynamic,
as numbers and shapes do; a call in a host loop given a structure new on every pass compiles on
every pass until the recompile limit (acclint/frameworks/torch_compile.toml, `structures_keyed`).
So does an int attribute of a compiled module written through the compiled name itself
(`compiled.k = i`: the wrapper hands the write to the module).

Run (torch 2.13, backend="eager", 10 calls: benchmarks/framework_runs.py
torch_compile_container_structure_per_pass): a dict with a new key 8 graphs, a dict
comprehension over range(i) 8, with dynamic=True 8, `[x] * (i + 1)` 8, a list comprehension over
range(i) 8, `list(range(i))` 8, a tuple of a new length 8, the module attribute written through
the compiled name 8; the look-alikes: new values under the same keys 2, a list of the same length
with new ints 2 (a tensor of a new shape: 2, storm_spellings torch_shape). A dict bound to a name
first is the same value. Written from Dynamo's own guard catalogue (stop 53), not from a report.
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
import torch


@torch.compile
def by_keys(v, weights):
    return v * sum(weights.values())


@torch.compile
def summed(v, parts):
    return v + sum(parts)


class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 1

    def forward(self, v):
        return v * self.scale


x = torch.ones(3)
"""

CASES = {
    "a dict with a new key": """
for i in range(10):
    by_keys(x, {f"k{i}": 1.0})  # expect: ACC505
""",
    "a dict comprehension over a growing range, in a function the loop calls": """
def step(i):
    by_keys(x, {str(k): 1.0 for k in range(i)})  # expect: ACC505

for i in range(10):
    step(i)
""",
    "a list repeated a new number of times, in a while loop": """
i = 0
while i < 10:
    summed(x, [x] * (i + 1))  # expect: ACC505
    i += 1
""",
    "a list comprehension over a growing range, by keyword": """
for i in range(10):
    summed(x, parts=[x for _ in range(i)])  # expect: ACC505
""",
    "a tuple of a new length": """
for i in range(10):
    summed(x, tuple([x] * (i + 1)))  # expect: ACC505
""",
    "list(range(i)) under dynamic=True": """
def _total(v, parts):
    return v + sum(parts)

total = torch.compile(_total, dynamic=True)
for i in range(10):
    total(x, list(range(i)))  # expect: ACC505
""",
    "a module attribute written through the compiled name": """
scaled = torch.compile(Scaled())
for i in range(10):
    scaled.scale = i + 1
    scaled(x)  # expect: ACC505
""",
    "the same, the module bound to a name first": """
net = Scaled()
compiled = torch.compile(net)
for i in range(10):
    compiled.scale = i
    compiled(x)  # expect: ACC505
""",
    "a dict bound to a name in the loop first, in a function": """
def train(n):
    for i in range(n):
        weights = {f"k{i}": 1.0}
        by_keys(x, weights)  # expect: ACC505
""",
    "look-alike: a name bound to a dict of the same keys, and a tensor of a new shape": """
def train(n):
    for i in range(n):
        weights = {"k": float(i)}
        grown = torch.ones(i + 1)
        by_keys(grown, weights)
""",
    "look-alike: new values under the same keys": """
for i in range(10):
    by_keys(x, {"k": float(i)})
""",
    "look-alike: a list of the same length with new values": """
for i in range(10):
    summed(x, [i, i + 1])
""",
    "look-alike: a dict with a new key in a bounded loop": """
for i in (0, 1):
    by_keys(x, {f"k{i}": 1.0})
""",
    "look-alike: an attribute forward does not read, written through the compiled name": """
scaled = torch.compile(Scaled())
for i in range(10):
    scaled.other = i + 1
    scaled(x)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_structure_new_on_every_pass_fails_the_guard(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected
