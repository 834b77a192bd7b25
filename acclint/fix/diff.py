"""`--diff`: a unified diff of what `--fix` would write, and the notes that go with it."""

from __future__ import annotations

import difflib

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


def notes(outcome: FixOutcome) -> list[str]:
    """One line per unsafe fix applied, per fix left unapplied, saying why, and per function
    left partly fixed."""
    out = [
        f"{f.location}: {f.code} unsafe fix applied: {f.fix.reason}"
        for f in outcome.unsafe_applied
        if f.fix is not None
    ]
    out.extend(f"{s.finding.location}: {s.finding.code} not fixed: {s.reason}"
               for s in outcome.skipped)
    out.extend(partly_fixed(outcome))
    return out
