"""The text a code action would leave: one finding's fix, every safe fix, or a `# noqa` comment,
and the smallest line edits that turn the current text into it.

The fixes are `acclint check --fix`'s own (acclint.fix.apply.fix_source), so a quick fix edits
exactly as the command line would, with the same checks (the result must parse; a `# noqa` line
is never rewritten); the `# noqa` comment is `--add-noqa`'s (acclint.run.add_noqa).
"""

from __future__ import annotations

import difflib
import re
import tokenize
from dataclasses import dataclass, replace
from typing import Callable

from acclint.run.add_noqa import lines_that_can_end_in_a_comment
from acclint.run.add_noqa import with_noqa
from acclint.common.findings import FileResult, Finding
from acclint.fix.apply import FixError, fix_source

# Line breaks as the Language Server Protocol counts lines (and as Python does).
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


@dataclass(frozen=True)
class LineEdit:
    """Replace lines `start` to `end` (0-based, `end` excluded) with `text`."""

    start: int
    end: int
    text: str


def lines_of(text: str) -> list[str]:
    """The lines of `text`, each with its line break."""
    return _LINE.findall(text)


def line_edits(old: str, new: str) -> list[LineEdit]:
    """The changed runs of lines between `old` and `new`, in order and disjoint."""
    a, b = lines_of(old), lines_of(new)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return [LineEdit(i1, i2, "".join(b[j1:j2])) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def fix_all(source: bytes, shown: str, result: FileResult, lint: Callable[[bytes], FileResult]) -> bytes | None:
    """`source` with every safe fix applied to a fixpoint (`--fix`), or None if none applies.
    `result` is the lint of `source` already made; `lint` lints later versions."""
    first = [result]
    try:
        outcome = fix_source(source, shown, lambda data: first.pop() if first else lint(data))
    except FixError:
        return None
    return outcome.fixed if outcome.changed else None


def fix_one(source: bytes, shown: str, result: FileResult, finding: Finding) -> bytes | None:
    """`source` with the fix of `finding` alone applied (safe or not: the action says which),
    or None when it cannot be (it would not parse, or would rewrite a `# noqa` line)."""
    if finding.fix is None or result.module is None:
        return None
    # The fixer's first lint sees only this finding; the lint after the edit sees nothing,
    # which ends the fixpoint after one round.
    rounds = [replace(result, findings=[finding])]
    try:
        outcome = fix_source(source, shown, lambda data: rounds.pop() if rounds else FileResult(shown), unsafe=True)
    except FixError:
        return None
    return outcome.fixed if outcome.changed else None


def noqa_edit(text: str, finding: Finding) -> LineEdit | None:
    """`# noqa: CODE` for the line of `finding`, as `acclint check --add-noqa` writes it (added
    to a `# noqa:` list already there); None where the line cannot end in a comment (inside a
    string, after a backslash) or is silenced already."""
    lines = lines_of(text)
    number = finding.line
    try:
        if not 0 < number <= len(lines) or number not in lines_that_can_end_in_a_comment(text):
            return None
    except (SyntaxError, tokenize.TokenError):
        return None
    new = with_noqa(lines[number - 1], {finding.code})
    return LineEdit(number - 1, number, new) if new != lines[number - 1] else None
