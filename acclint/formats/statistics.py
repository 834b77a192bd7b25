"""`--statistics`: how many findings of each code, most frequent first (as ruff and flake8 do).

    3  ACC201  if-on-traced-value
    1  ACC401  print-in-trace        (1 fixable)
"""

from __future__ import annotations

from collections import Counter

from acclint.api import Report
from acclint.registry import rule_by_code


def format_statistics(report: Report) -> str:
    findings = report.findings
    counts = Counter(f.code for f in findings)
    fixable = Counter(f.code for f in findings if f.fixable)
    width = len(str(max(counts.values(), default=0)))
    lines = []
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        rule = rule_by_code(code)
        line = f"{count:>{width}}  {code}  {rule.name if rule else ''}"
        if fixable[code]:
            line += f"  ({fixable[code]} fixable)"
        lines.append(line.rstrip())
    return "".join(line + "\n" for line in lines)
