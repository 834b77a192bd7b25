"""What a torch module's `parameters()`, `buffers()`, `modules()` and `children()` yield are the
module's own objects, so a write to one of them in a traced `forward` is a write to state from
outside the trace.

Property: under torch.jit.trace a write to an attribute of an object the module owns runs once,
while tracing, whether the object is reached as `self.model.weight` or as what `self.parameters()`
yields (`next(...)`, a `for`, `list(...)[0]`): the traced module runs with the state as the trace
left it (pytorch#53515; runs: benchmarks/framework_runs.py module_iterators_yield_own_objects,
trace_write_through_attribute_chain, torch 2.13).
"""

from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings)


def module(forward: str, tail: str = "torch.jit.trace(Wrap(), (torch.ones(1),))") -> str:
    """`forward` as `Wrap.forward(self, x)`'s body (its first line is line 11), then `tail`."""
    return (
        "import torch\nfrom torch import nn\n\n\nclass Wrap(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n        self.model = nn.Linear(1, 1)\n\n"
        "    def forward(self, x):\n" + textwrap.indent(textwrap.dedent(forward).strip("\n"), "        ") + f"\n\n\n{tail}\n"
    )


SPELLINGS = {
    # the report: the first parameter, toggled around the inner model's call
    "next_of_parameters": ("param = next(self.parameters())\nparam.requires_grad = True\nx = self.model(x)\nparam.requires_grad = False\nreturn x", [12, 14]),
    "for_over_parameters": ("for p in self.parameters():\n    p.requires_grad = False\nreturn self.model(x)", [12]),
    "next_iter_of_a_submodule": ("w = next(iter(self.model.parameters()))\nw.requires_grad = True\nreturn self.model(x)", [12]),
    "first_of_a_list_of_modules": ("inner = list(self.modules())[1]\ninner.calls = 1\nreturn self.model(x)", [12]),
}


@pytest.mark.parametrize("name", list(SPELLINGS))
def test_a_write_to_what_the_module_yields_is_reported_under_trace(name):
    body, lines = SPELLINGS[name]
    assert found(module(body)) == [(line, "ACC409") for line in lines]


def test_the_same_writes_outside_a_trace_or_to_the_traces_own_objects_are_fine():
    """Look-alikes: the same `for` in `__init__` (set-up, not traced); under torch.compile,
    which replays attribute writes on every call; and a write to a tensor the trace made."""
    source = module(
        "t = torch.zeros(1)\nfor p in [t]:\n    p.requires_grad = True\nreturn self.model(x) + t",
        tail="torch.compile(Wrap())(torch.ones(1))\n\n\nclass Setup(nn.Module):\n    def __init__(self):\n"
        "        super().__init__()\n        self.model = nn.Linear(1, 1)\n        for p in self.parameters():\n"
        "            p.requires_grad = False\n\n    def forward(self, x):\n        return self.model(x)\n\n\n"
        "torch.jit.trace(Setup(), (torch.ones(1),))",
    )
    assert found(source) == []
