"""Statements joined by `;` are statements like any other: markers, rules, fixes and noqa.

`n = 3; f = jax.jit(g)` once went unseen: the prefilter, which checks that a `jax.jit` spelled
in the text is code (not a comment), walked only the first statement of the line. The property
tested here is general: joining the simple statements of a program with `;` changes no finding
but for its position. Every fixture and the bundled example are rewritten so (each run of
simple statements in one block, that carries no comment, becomes one line) and must report the
same codes as the original; then the spots the bug was in are checked one by one.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import libcst as cst
import pytest

from acclint.api import lint_text
from acclint.fix.apply import fix_source

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = sorted((ROOT / "fixtures").glob("*.py")) + [ROOT / "docs" / "example" / "train.py"]


class _Join(cst.CSTTransformer):
    """Each run of comment-free simple statement lines of one block, joined into one line."""

    def _join(self, body):
        out, run = [], []

        def flush():
            if run:
                small = [s.with_changes(semicolon=cst.MaybeSentinel.DEFAULT) for line in run for s in line.body]
                out.append(run[0].with_changes(body=small, trailing_whitespace=run[-1].trailing_whitespace))
                run.clear()

        for statement in body:
            plain = isinstance(statement, cst.SimpleStatementLine) and statement.trailing_whitespace.comment is None
            if plain and (not run or not any(line.comment is not None for line in statement.leading_lines)):
                run.append(statement)
                continue
            flush()
            if plain:
                run.append(statement)
            else:
                out.append(statement)
        flush()
        return out

    def leave_IndentedBlock(self, original, updated):
        return updated.with_changes(body=self._join(updated.body))

    def leave_Module(self, original, updated):
        return updated.with_changes(body=self._join(updated.body))


def joined(source: str) -> str:
    return cst.parse_module(source).visit(_Join()).code


def _codes(text: str, path: str) -> Counter:
    result = lint_text(text, path)
    assert result.error is None, result.error
    return Counter(f.code for f in result.findings)


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.name for p in PROGRAMS])
def test_joined_statements_report_alike(program):
    source = program.read_text(encoding="utf-8")
    merged = joined(source)
    compile(merged, program.name, "exec")
    assert merged.count("\n") < source.count("\n")  # something was joined
    assert _codes(merged, program.name) == _codes(source, program.name)


G = "import jax\n\ndef g(x):\n    print(x)\n    return x\n\n"


@pytest.mark.parametrize("line", [
    "n = 3; f = jax.jit(g)",
    "n = 3; m = 4; f = jax.jit(g)",
    "if True: n = 3; f = jax.jit(g)",
    "try: pass\nexcept Exception: n = 3; f = jax.jit(g)",
    "def make():\n    n = 3; return jax.jit(g)",
])
def test_a_marker_after_a_semicolon_is_seen(line):
    result = lint_text(G + line + "\n", "semi.py")
    assert [(f.code, f.line) for f in result.findings] == [("ACC401", 4)]


def test_a_marker_in_a_comment_after_a_semicolon_is_not_code():
    """The look-alike that is fine: `jax.jit` after a `;` but in a comment marks nothing."""
    result = lint_text("import jax\n\ndef g(x):\n    print(x)\n    return x\n\nn = 3; f = g  # f = jax.jit(g)\n", "semi.py")
    assert result.findings == []


def test_rules_fixes_and_noqa_after_a_semicolon():
    source = (
        "import jax\n\n@jax.jit\ndef h(x):\n"
        "    a = 1; print(x)  # noqa: ACC401\n"
        "    b = 2; print('b'); c = 3\n"
        "    return x\n"
    )
    result = lint_text(source, "semi.py")
    assert [(f.code, f.line, f.column) for f in result.findings] == [("ACC401", 6, 12)]
    fixed = fix_source(source.encode(), "semi.py", lambda data: lint_text(data.decode(), "semi.py")).fixed
    assert b'b = 2; jax.debug.print("b"); c = 3\n' in fixed
    assert b"a = 1; print(x)  # noqa: ACC401\n" in fixed
