"""A Python branch on a traced input's size under torch.jit.trace (framework data: torch_trace.toml's
`[conversions] size_reads`; run: benchmarks/framework_runs.py trace_branch_on_size). The size is
recorded as a tensor and its truth baked: a later input of another size takes the example's branch
(pytorch/pytorch#22485, benchmarks/reports/dev/pytorch_22485_shape_test_baked_by_jit_trace.py). A size
used in a tensor operation is recorded, and other frameworks keep shapes static: both are fine."""

from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in lint_text(textwrap.dedent(source), "m.py", Settings()).findings]


def traced(body: str, wrap: str = "torch.jit.trace(f, torch.rand(8))") -> str:
    """`body` as the body of `f(x)` (its hazard on line 5), then `wrap`."""
    return "import torch\n\n\ndef f(x):\n" + textwrap.indent(textwrap.dedent(body), "    ") + f"\n\n{wrap}\n"


# Each spelling, run under torch 2.13 (traced with 8 rows, called with 3): TracerWarning, and the
# traced function differs from eager (see the module docstring).
SPELLINGS = {
    "shape_index": ("if x.shape[0] > 5:\n    return x * 2\nreturn x", "ACC201"),
    "size_call": ("if x.size(0) == 8:\n    return x * 2\nreturn x", "ACC201"),
    "size_then_index": ("if nms > 0 and x.size()[0] > nms:\n    return x[:nms]\nreturn x", "ACC201"),
    "conditional_expression": ("return x * 2 if x.shape[-1] > 4 else x", "ACC203"),
    "local_bound_to_size": ("n = x.shape[0]\nif n > 5:\n    return x * 2\nreturn x", "ACC201"),
}


@pytest.mark.parametrize("name", list(SPELLINGS))
def test_a_branch_on_a_traced_size_is_reported(name):
    body, code = SPELLINGS[name]
    if name == "size_then_index":
        body = "nms = 5\n" + body
    lines = [line for line, c in found(traced(body)) if c == code]
    test_line = 4 + next(i for i, text in enumerate(textwrap.dedent(body).splitlines(), 1) if " if " in f" {text}")
    assert lines == [test_line]


def test_a_module_forward_handed_to_trace_is_reported():
    source = """
        import torch

        class Head(torch.nn.Module):
            def forward(self, scores):
                if scores.shape[0] > 5:
                    return scores.topk(5)[0]
                return scores

        traced = torch.jit.trace(Head(), torch.rand(8))
    """
    assert found(source) == [(6, "ACC201")]


@pytest.mark.parametrize(
    "body",
    [
        "return x.view(x.size(0), -1) * 2",  # a size in a tensor operation is recorded
        "if x.dim() == 1:\n    return x * 2\nreturn x",  # the rank is no size read
        "if x.sum() > 0:\n    return x\nreturn -x",  # a value, not a size: the ACC201 it always was
    ],
)
def test_look_alikes_are_not_size_branches(body):
    messages = [f.message for f in lint_text(traced(body), "m.py", Settings()).findings]
    assert not any("the size of a traced value" in m for m in messages), messages


@pytest.mark.parametrize("wrap", ["torch.compile(f)", "jax.jit(f)"])
def test_a_size_branch_elsewhere_is_static(wrap):
    source = traced("if x.shape[0] > 5:\n    return x * 2\nreturn x", wrap).replace("import torch", "import jax\nimport torch")
    assert found(source) == []


def test_the_report_is_found_on_its_label():
    """The report the hazard came from (dev half of the reports corpus), linted as a file."""
    from pathlib import Path

    path = Path(__file__).parent.parent / "benchmarks/reports/dev/pytorch_22485_shape_test_baked_by_jit_trace.py"
    text = path.read_text()
    label = next(i for i, line in enumerate(text.splitlines(), 1) if "# label: ACC2" in line)
    assert [(f.line, f.code) for f in lint_text(text, str(path), Settings()).findings] == [(label, "ACC201")]
