"""The integer counters of a loop (acclint.analysis.loop_counters): the names it binds to a new
int on each pass. One reader serves the storm walk (a counter handed to a static argument is a
new key on every pass: ACC502) and the instances a comprehension makes (`Layer(i)`, each holding
another int its compiled `forward` reads: ACC505). They once disagreed: the instances did not
count `itertools.count`, and neither read `zip(range(n), xs)`, whose first item is as much a
counter as `range(n)`'s own (the tests below marked "new" failed on 8626bed9)."""

import libcst as cst
import pytest

from acclint.analysis.loop_counters import int_counters
from labelled import assert_labels_match


def _resolve(func: cst.BaseExpression) -> str | None:
    """A callee's dotted name as spelled (the snippets import nothing under another name)."""
    if isinstance(func, cst.Name):
        return func.value
    if isinstance(func, cst.Attribute):
        inner = _resolve(func.value)
        return f"{inner}.{func.attr.value}" if inner is not None else None
    return None


def _counters(header: str) -> set[str]:
    loop = cst.parse_statement(f"{header}:\n    pass\n")
    assert isinstance(loop, cst.For)
    return int_counters(loop.target, loop.iter, _resolve)


COUNTERS = {
    "for i in range(n)": {"i"},
    "for i in range(*bounds)": {"i"},
    "for t in itertools.count()": {"t"},
    "for t in itertools.count(start=5)": {"t"},
    "for i in reversed(range(n))": {"i"},
    "for i, x in enumerate(xs)": {"i"},
    "for i, x in enumerate(xs, start=1)": {"i"},
    "for i, x in zip(range(n), xs)": {"i"},  # new
    "for x, t in zip(xs, itertools.count())": {"t"},  # new
    "for i, (j, x) in enumerate(zip(range(n), xs))": {"i", "j"},  # new
    "for i, j in enumerate(range(n))": {"i", "j"},  # new
    "for [i, x] in zip(range(n), xs)": {"i"},  # new (a list target)
}

NOT_COUNTERS = [
    "for x in xs",
    "for x, y in zip(xs, ys)",
    "for k, v in table.items()",
    "for i, x in zip(*columns)",  # which item comes from which is not spelled out
    "for i, x in zip(range(n), xs, ys)",  # a 3-tuple zip unpacked into two: no pairing
    "for x in sorted(xs)",
    "for (i, x) in reversed(list(enumerate(xs)))",  # reversed of a list: not followed
]


@pytest.mark.parametrize("header", COUNTERS, ids=list(COUNTERS))
def test_counters_are_the_ints_new_on_each_pass(header):
    assert _counters(header) == COUNTERS[header]


@pytest.mark.parametrize("header", NOT_COUNTERS)
def test_items_of_other_iterables_are_no_counters(header):
    assert _counters(header) == set()


_STATIC = """
import itertools
from functools import partial
import jax

@partial(jax.jit, static_argnums=1)
def scaled(x, n):
    return x * n

"""

STORMS = {
    # the walk's side (LoopWalk._loop): a counter handed to a static argument
    "zip_of_range": "def f(xs, n):\n    for i, x in zip(range(n), xs):\n        scaled(x, i)  # expect: ACC502\n",  # new
    "zip_of_count": "def f(xs):\n    for x, t in zip(xs, itertools.count()):\n        scaled(x, t)  # expect: ACC502\n",  # new
    "enumerate_index": "def f(xs):\n    for i, x in enumerate(xs):\n        scaled(x, i)  # expect: ACC502\n",
    "count": "def f(x):\n    for t in itertools.count():\n        scaled(x, t)  # expect: ACC502\n",
    # look-alike: the other item of the zip is no counter
    "zip_other_item": "def f(xs, n):\n    for i, x in zip(range(n), xs):\n        scaled(i, x)\n",
}


@pytest.mark.parametrize("body", STORMS.values(), ids=STORMS.keys())
def test_the_storm_walk_reads_the_counters(body):
    assert_labels_match(_STATIC + body)


_LAYER = """
import itertools
import torch
from torch import nn

class Layer(nn.Module):
    def __init__(self, idx):
        super().__init__()
        self.idx = idx
        self.fc = nn.Linear(4, 4)

    def forward(self, x, cache):
        return self.fc(x) + cache[self.idx]

"""

INSTANCES = {
    # the instances' side (loop_instances._int_targets): each `Layer` made holds another int
    "zip_of_count": """
def build(sizes):
    return nn.ModuleList([torch.compile(Layer(i)) for i, _ in zip(itertools.count(), sizes)])  # expect: ACC505
""",  # new: itertools.count was the instances' wrong answer
    "zip_of_range": """
def build(sizes, depth):
    return nn.ModuleList([torch.compile(Layer(i)) for i, _ in zip(range(depth), sizes)])  # expect: ACC505
""",  # new
    "enumerate_index": """
def build(sizes):
    return nn.ModuleList([torch.compile(Layer(i + 1)) for i, _ in enumerate(sizes)])  # expect: ACC505
""",
    # look-alike: the zipped item, not the counter, is what each layer holds
    "zip_other_item": """
def build(sizes, depth):
    return nn.ModuleList([torch.compile(Layer(size)) for _, size in zip(range(depth), sizes)])
""",
}


@pytest.mark.parametrize("body", INSTANCES.values(), ids=INSTANCES.keys())
def test_the_instances_read_the_counters(body):
    assert_labels_match(_LAYER + body)
