"""acclint.fix.span regenerates only the top-level statement a fix changes (a report of a big
file asked for one whole-module regeneration a fix); its spans must be the whole module's."""

from __future__ import annotations

import os
from pathlib import Path

from acclint.api import run
from acclint.fix import span
from acclint.fix.apply import apply_fixes

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def whole_module_span(module, fix):
    old, new = module.code, apply_fixes(module, [fix]).code
    if new == old:
        return None
    start = len(os.path.commonprefix([old, new]))
    tail = len(os.path.commonprefix([old[start:][::-1], new[start:][::-1]]))

    def position(offset):
        return old.count("\n", 0, offset) + 1, offset - (old.rfind("\n", 0, offset) + 1) + 1

    return span.Span(*position(start), *position(len(old) - tail), new[start:len(new) - tail])


def test_every_fixture_fix_spans_as_the_whole_module_does():
    compared = by_statement = placed = 0
    for result in run([str(FIXTURES)]).results:
        for finding in result.findings:
            if finding.fix is None or not finding.fix.changes:
                continue
            compared += 1
            by_statement += span._in_statement(span._layout(result.module), finding.fix) is not None
            placed += result.placer is not None and result.placer.holding(finding.node, finding.fix.changes) is not None
            whole = whole_module_span(result.module, finding.fix)
            assert span.fix_span(result.module, finding.fix) == whole, (result.path, finding)
            # by the statement the engine placed the finding with (acclint.lint.placing)
            assert span.fix_span(result.module, finding.fix, result.placer, finding.node) == whole, (result.path, finding)
    assert compared > 40 and 0 < by_statement < compared  # both ways are exercised
    assert 0 < placed < compared


def placed_spans(source: bytes, fixes) -> list[tuple]:
    """Each fix of `fixes(module)` (a fix and the node its finding is on, a statement in the
    function's block) spanned by that statement, and by the whole module."""
    import ast

    import libcst as cst

    from acclint.files.decoding import decode
    from acclint.lint.engine import _line_starts
    from acclint.lint.placing import Placer
    from acclint.parse.frontend import outline

    module = cst.parse_module(source)
    text = decode(source)
    placer = Placer(module, text, outline(ast.parse(source)), _line_starts(text), {})
    out = []
    for fix, node in fixes(module):
        placer.hints[id(node)] = (node,)
        assert placer.ranges(module.body[0], [node]) is not None
        out.append((span.fix_span(module, fix, placer, node), whole_module_span(module, fix)))
    return out


def test_a_statement_replaced_by_more_spans_as_the_whole_module_does():
    # `y = 1` replaced by itself twice: its code begins the new code, so where the two first
    # differ lies past it (the whole module's span inserts before `z`), and the span falls back
    # to the top-level statement; a change inside a statement, or of one, is spanned by it.
    import libcst as cst

    from acclint.common.findings import Fix

    def fixes(module):
        first, second, third = module.body[0].body.body
        yield Fix("twice", {first: cst.FlattenSentinel([first, first])}), first
        yield Fix("renamed", {third.body[0].targets[0].target: cst.Name("w")}), third
        yield Fix("replaced", {second: cst.parse_statement("q = 3\n")}), second

    spans = placed_spans(b"def f(x):\n    y = 1\n    z = 1\n    w = 2\n", fixes)
    assert [placed for placed, _ in spans] == [whole for _, whole in spans]
    assert spans[0][1] == span.Span(3, 5, 3, 5, "y = 1\n    ")
