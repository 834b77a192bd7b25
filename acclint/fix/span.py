"""A fix as one text replacement: the span of the original source between the first and the
last character the fix changes, and the text that replaces it. SARIF's `replacements` and the
`fix.edits` of ruff's JSON both carry fixes this way, and the result cache keeps it (a cached
fix has no node edits: acclint.run.results); acclint's fixes are libcst node edits, so the span
is found by regenerating the fixed module and comparing it with the original."""

from __future__ import annotations

import os
from dataclasses import dataclass

import libcst as cst

from acclint.common.findings import Fix
from acclint.fix.apply import apply_fixes


@dataclass(frozen=True)
class Span:
    start_line: int  # 1-based
    start_column: int  # 1-based
    end_line: int
    end_column: int  # just past the replaced text
    text: str  # what replaces it


def _position(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of a character offset."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def fix_span(module: cst.Module, fix: Fix) -> Span | None:
    """The replacement `fix` makes in `module`; None when applying it changes nothing."""
    old = module.code
    new = apply_fixes(module, [fix]).code
    if new == old:
        return None
    start = len(os.path.commonprefix([old, new]))
    tail = len(os.path.commonprefix([old[start:][::-1], new[start:][::-1]]))
    return Span(*_position(old, start), *_position(old, len(old) - tail), new[start:len(new) - tail])


def span_of(fix: Fix, module: cst.Module | None) -> Span | None:
    """The replacement of `fix`: worked out from `module` where the fix has its node edits,
    else the one a cached fix kept (None when neither is known, or in a notebook's cells)."""
    if fix.changes and module is not None:
        return fix_span(module, fix)
    return Span(*fix.edit) if fix.edit is not None else None
