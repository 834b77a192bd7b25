"""torch.compiler.assume_constant_result: the marked function runs once while Dynamo traces its
compiled caller, and what it returned is a constant of the graph, with no guard on what it read
(benchmarks/framework_runs.py compile_assume_constant_result, torch 2.13: a global rebound, a
dict entry set, an object's attribute set after the first compiled call are read stale; unmarked,
or after `torch.compiler.reset()`, fresh). acclint models it as a cached context of its own with
ACC6 only (acclint/frameworks/torch_constant_result.toml), as nested_compile_region is. `# read`
marks the stale read, `# changed` the change its message names.
"""
from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_text


def _acc6(source: str) -> list[tuple[int, str, str]]:
    result = lint_text(textwrap.dedent(source), "constant_result.py")
    assert result.error is None, result.error
    return [(f.line, f.code, f.message) for f in result.findings if f.code.startswith("ACC6")]


def _marked(source: str, code: str) -> None:
    lines = textwrap.dedent(source).splitlines()
    read = next(n for n, text in enumerate(lines, 1) if text.endswith("# read"))
    changed = next(n for n, text in enumerate(lines, 1) if text.endswith("# changed"))
    found = _acc6(source)
    assert [(line, c) for line, c, _ in found] == [(read, code)], found
    assert f"line {changed}" in found[0][2]


STALE = {
    "TransformerEngine#3130: a flag a setter rebinds through `global`, read by a compiled module's forward": ("""
        import torch
        _fp8 = False

        def initialize(use_fp8):
            global _fp8
            _fp8 = use_fp8  # changed

        @torch.compiler.assume_constant_result
        def is_fp8():
            return _fp8  # read

        class Linear(torch.nn.Module):
            def forward(self, x):
                if is_fp8():
                    x = x * 2
                return x + 1

        layer = torch.compile(Linear())
        initialize(False)
        before = layer(torch.ones(2))
        initialize(True)
        after = layer(torch.ones(2))
    """, "ACC601"),
    "torch._dynamo's spelling applied as a call, the global rebound at module level": ("""
        import torch
        import torch._dynamo
        MODE = 0

        def mode():
            return MODE  # read

        mode = torch._dynamo.assume_constant_result(mode)

        @torch.compile
        def step(x):
            return x * mode() + 1

        step(torch.ones(2))
        MODE = 1  # changed
        step(torch.ones(2))
    """, "ACC601"),
    "imported by name, a module-level dict's entry set between two calls": ("""
        import torch
        from torch.compiler import assume_constant_result
        SETTINGS = {"scale": 1.0}

        @assume_constant_result
        def scale():
            return SETTINGS["scale"]  # read

        @torch.compile
        def step(x):
            return x * scale()

        def train(xs):
            for x in xs:
                step(x)
                SETTINGS["scale"] = 2.0  # changed
    """, "ACC602"),
}


@pytest.mark.parametrize("source, code", STALE.values(), ids=STALE.keys())
def test_a_constant_result_function_reads_a_value_changed_after_the_first_compiled_call(source, code):
    _marked(source, code)


FINE = {
    "the same function unmarked: Dynamo guards the global and recompiles": """
        import torch
        MODE = 0

        def mode():
            return MODE

        @torch.compile
        def step(x):
            return x * mode() + 1

        step(torch.ones(2))
        MODE = 1
        step(torch.ones(2))
    """,
    "marked, the global set only before the first call": """
        import torch
        MODE = 0

        @torch.compiler.assume_constant_result
        def mode():
            return MODE

        @torch.compile
        def step(x):
            return x * mode() + 1

        MODE = 1
        step(torch.ones(2))
        step(torch.ones(2))
    """,
    "marked, torch.compiler.reset() between the change and the next call": """
        import torch
        MODE = 0

        @torch.compiler.assume_constant_result
        def mode():
            return MODE

        @torch.compile
        def step(x):
            return x * mode() + 1

        step(torch.ones(2))
        MODE = 1
        torch.compiler.reset()
        step(torch.ones(2))
    """,
}


@pytest.mark.parametrize("source", FINE.values(), ids=FINE.keys())
def test_a_value_a_constant_result_function_reads_that_no_reused_graph_sees_change(source):
    assert _acc6(source) == []
