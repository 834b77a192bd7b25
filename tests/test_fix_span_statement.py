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
    compared = by_statement = 0
    for result in run([str(FIXTURES)]).results:
        for finding in result.findings:
            if finding.fix is None or not finding.fix.changes:
                continue
            compared += 1
            by_statement += span._in_statement(span._layout(result.module), finding.fix) is not None
            assert span.fix_span(result.module, finding.fix) == whole_module_span(result.module, finding.fix), (result.path, finding)
    assert compared > 40 and 0 < by_statement < compared  # both ways are exercised
