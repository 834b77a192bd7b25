"""ACC302 under torch.jit.trace, per axis: a size read bakes the example's size of the axis it
reads, so a trace called only with inputs of the example's rank that agree with it on that axis
is right there, whatever the other axes (ssd_87's inner `range(1, per_img_scores.size(1))`, the
class count: traced at (2, 8, 4), called at (3, 8, 4)). Run: benchmarks/framework_runs.py
trace_size_read_per_axis (torch 2.13): equal to eager where the axis read agrees, wrong where it
differs. `# expect` marks the findings.
"""
from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_text


def _acc3(source: str) -> list[tuple[int, str]]:
    result = lint_text(textwrap.dedent(source), "axes.py")
    assert result.error is None, result.error
    return [(f.line, f.code) for f in result.findings if f.code.startswith("ACC3")]


def _expected(source: str) -> list[tuple[int, str]]:
    return [(n, text.rsplit("# expect: ", 1)[1]) for n, text in enumerate(textwrap.dedent(source).splitlines(), 1) if "# expect: " in text]


CASES = {
    "ssd_87: the batch axis differs, the class axis of an image (axis 2 of the input) does not": """
        import torch

        class PostProcessor(torch.nn.Module):
            def forward(self, scores):
                batch_size = scores.size(0)
                results = []
                for batch_id in range(batch_size):  # expect: ACC302
                    per_img_scores = scores[batch_id]
                    per_class = []
                    for class_id in range(1, per_img_scores.size(1)):
                        per_class.append(per_img_scores[:, class_id].max())
                    results.append(torch.stack(per_class))
                return torch.stack(results)

        post = PostProcessor()
        traced = torch.jit.trace(post, torch.rand(2, 8, 4))
        out = traced(torch.rand(3, 8, 4))
    """,
    "the axis read (1) is the one the calls change": """
        import torch

        def f(x):
            total = x[:, 0]
            for j in range(1, x.shape[1]):  # expect: ACC302
                total = total + x[:, j]
            return total

        traced = torch.jit.trace(f, torch.rand(2, 4))
        out = traced(torch.rand(2, 6))
    """,
    "an integer index shifts the axis: `row = x[0]` reads axis 1 of x, which the calls change": """
        import torch

        def f(x):
            row = x[0]
            acc = row[0]
            for j in range(1, row.size(0)):  # expect: ACC302
                acc = acc + row[j]
            return acc

        traced = torch.jit.trace(f, torch.rand(3, 4))
        out = traced(torch.rand(3, 7))
    """,
    "another rank: the axes do not line up": """
        import torch

        def f(x):
            total = x[:, 0]
            for j in range(1, x.shape[1]):  # expect: ACC302
                total = total + x[:, j]
            return total

        traced = torch.jit.trace(f, torch.rand(2, 4))
        out = traced(torch.rand(2, 4, 1))
    """,
    "fine: the batch axis changes, the axis read does not (the example's shape spelt as a tuple)": """
        import torch

        def f(x):
            total = x[:, 0]
            for j in range(1, x.shape[1]):
                total = total + x[:, j]
            return total

        traced = torch.jit.trace(f, torch.rand((2, 4)))
        out = traced(torch.rand(5, 4))
        more = traced(torch.rand(9, 4))
    """,
}


@pytest.mark.parametrize("source", CASES.values(), ids=CASES.keys())
def test_a_size_read_is_baked_per_axis(source):
    assert _acc3(source) == _expected(source)
