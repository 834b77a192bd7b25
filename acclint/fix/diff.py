"""`--diff`: a unified diff of what `--fix` would write, and the notes that go with it."""

from __future__ import annotations

import difflib
from dataclasses import replace
from functools import cache

from acclint.fix.apply import FixOutcome
from acclint.fix.partial import partly_fixed


def unified_diff(outcome: FixOutcome) -> str:
    """The diff of one file (empty when nothing changes), decoded as the file is."""
    if not outcome.changed:
        return ""
    encoding = outcome.result.module.encoding if outcome.result.module is not None else "utf-8"
    before = outcome.original.decode(encoding).splitlines(keepends=True)
    after = outcome.fixed.decode(encoding).splitlines(keepends=True)
    lines = difflib.unified_diff(before, after, f"a/{outcome.path}", f"b/{outcome.path}")
    return "".join(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n" for line in lines)


def notes(outcome: FixOutcome, original: bool = False) -> list[str]:
    """One line per unsafe fix applied, per fix left unapplied, saying why, and per function
    left partly fixed. A fix left unapplied is found in the fixed text; with `original`
    (`--diff`, which writes nothing) its line is given in the file as it is, where the user
    looks for it."""
    out = [
        f"{f.location}: {f.code} unsafe fix applied: {f.fix.reason}"
        for f in outcome.unsafe_applied
        if f.fix is not None
    ]
    place = _to_original(outcome) if original and outcome.changed else (lambda f: f)
    out.extend(f"{place(s.finding).location}: {s.finding.code} not fixed: {s.reason}"
               for s in outcome.skipped)
    out.extend(partly_fixed(outcome, place))
    return out


def _to_original(outcome: FixOutcome):
    """A function placing a finding of the fixed text on the line it has in the original: the
    same line of an unchanged stretch, the first line of a changed one. A notebook's findings
    are in their cells, whose lines the fixes of other cells leave as they are."""
    encoding = outcome.result.module.encoding if outcome.result.module is not None else "utf-8"

    @cache
    def blocks() -> list[tuple[str, int, int, int, int]]:
        # Matched only when a finding is placed: most runs place none, and the match is
        # superlinear in the file (33 s of a 72 s `--diff` of a 10,000-line file that placed none).
        before = outcome.original.decode(encoding, "replace").splitlines()
        after = outcome.fixed.decode(encoding, "replace").splitlines()
        return difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes()

    def place(finding):
        if finding.cell is not None:
            return finding
        index = finding.line - 1
        for tag, a_start, a_end, b_start, b_end in blocks():
            if b_start <= index < b_end or (b_start == b_end == index):
                line = a_start + (index - b_start if tag == "equal" else 0) + 1
                return replace(finding, line=line, end_line=finding.end_line + line - finding.line)
        return finding

    return place
