"""What torch.jit.trace bakes, reached through torch's own functions and module methods.

Property: under torch.jit.trace a Python branch on a value computed from the traced input is baked,
whether the value comes from a tensor method or from a top-level torch function (`torch.mean`,
`torch.sum`, ...: torch_trace.toml's `array_namespaces`), and a module instance handed to the
trace through a method that returns the module itself (`Net().eval()`: `[returns_self]`) has its
`forward` traced (acclint.analysis.objects). Runs: benchmarks/framework_runs.py
trace_branch_on_torch_function, module_methods_return_self (torch 2.13);
RealBasicVSR#70 (benchmarks/reports/dev/realbasicvsr_70_trace_bakes_dynamic_refine_break.py)."""

from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in lint_text(textwrap.dedent(source), "m.py", Settings()).findings]


def traced(body: str, wrap: str = "torch.jit.trace(f, torch.ones(3))") -> str:
    """`body` as the body of `f(x)` (its first line is line 5), then `wrap`."""
    return "import torch\n\n\ndef f(x):\n" + textwrap.indent(textwrap.dedent(body), "    ") + f"\n\n{wrap}\n"


# Each run under torch 2.13 (traced with ones, called with tens): TracerWarning, traced != eager.
SPELLINGS = {
    "sum_in_if": ("if torch.sum(x) > 20:\n    return x\nreturn x * 2", 5, "ACC201"),
    "max_in_while": ("while torch.max(x) < 5:\n    x = x + 4\nreturn x", 5, "ACC201"),
    "any_in_ternary": ("return x if torch.any(x > 5) else -x", 5, "ACC203"),
    "nested_mean_abs": ("m = torch.mean(torch.abs(x))\nif m < 5:\n    return x * 2\nreturn x", 6, "ACC201"),
}


@pytest.mark.parametrize("name", list(SPELLINGS))
def test_a_branch_on_a_torch_function_of_the_input_is_reported(name):
    body, line, code = SPELLINGS[name]
    assert found(traced(body)) == [(line, code)]


def test_a_python_int_from_torch_is_fine():
    """Look-alike: `torch.numel(x)` is a Python int, the same for every input of that size."""
    assert found(traced("if torch.numel(x) > 2:\n    return x * 2\nreturn x")) == []


MODULE = textwrap.dedent("""
    import torch
    from torch import nn


    class Net(nn.Module):
        def forward(self, x):
            if torch.mean(x) < 0.5:
                return x * 2
            return x
""") + "{tail}\n"


@pytest.mark.parametrize("tail", [
    "\ntraced = torch.jit.trace(Net().eval(), torch.ones(3))",
    "\nmodel = Net().to('cpu').train(False)\ntraced = torch.jit.trace(model, torch.ones(3))",
    "\nmodel = Net()\ntraced = torch.jit.trace(model.requires_grad_(False).float(), torch.ones(3))",
])
def test_a_module_handed_on_through_a_method_returning_it_is_traced(tail):
    assert found(MODULE.format(tail=tail)) == [(8, "ACC201")]


def test_a_method_the_class_defines_again_is_not_followed():
    """Look-alike: a class's own `eval` may return anything; nothing is known to be traced."""
    source = MODULE.format(tail="\n    def eval(self):\n        return lambda x: x\n\n\ntraced = torch.jit.trace(Net().eval(), torch.ones(3))")
    assert found(source) == []


def test_a_long_chain_of_such_methods_is_read_once(monkeypatch):
    """Each call of the chain asked for its receiver's class, then followed the receiver again:
    twice the work per call, 27 s for 22 calls. Now the chain's receiver is read once: the
    count of values followed grows with the chain's length, and the module is still traced."""
    from acclint.analysis.objects import Objects

    made = Objects._made
    calls = 0

    def counted(self, *args, **kwargs):
        nonlocal calls
        calls += 1
        assert calls < 10_000, "the values followed grow faster than the chain"
        return made(self, *args, **kwargs)

    monkeypatch.setattr(Objects, "_made", counted)
    source = MODULE.format(tail="\ntraced = torch.jit.trace(Net()" + ".eval().to('cpu')" * 30 + ", torch.ones(3))")
    assert found(source) == [(8, "ACC201")]
