"""`--statistics`: how many findings of each code, most frequent first (as ruff and flake8 do),
then the summary line the findings would have ended with (none with `-q`).

    2  ACC201  if-on-traced-value     (1 fixable with --fix, 1 more with --unsafe-fixes)
    1  ACC401  print-in-cached-trace  (1 fixable with --fix)
    Found 3 findings in 1 file (2 fixable with --fix, 1 more with --unsafe-fixes).

A row counts as fixable only what `--fix` applies (safe fixes), and the unsafe fixes
separately, as the summary line counts them (acclint.report.text.fixable_counts), so the rows
add up to it. With `--output-format json`, the same rows as a JSON array (ruff's shape, with
`fixable` the count `--fix` removes and `unsafe_fixable` the count `--unsafe-fixes` adds).
"""

from __future__ import annotations

import json
from collections import Counter

from acclint.report.text import fixable_counts, summary
from acclint.run.plan import Report
from acclint.run.registry import rule_by_code


def _rows(report: Report) -> list[dict]:
    findings = report.findings
    counts = Counter(f.code for f in findings)
    safe = Counter(f.code for f in findings if f.fix is not None and f.fix.safe)
    unsafe = Counter(f.code for f in findings if f.fix is not None and not f.fix.safe)
    return [
        {"code": code, "name": rule.name if (rule := rule_by_code(code)) else "", "count": count,
         "fixable": safe[code], "unsafe_fixable": unsafe[code]}
        for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]


def format_statistics(report: Report, quiet: bool = False) -> str:
    rows = _rows(report)
    width = len(str(max((row["count"] for row in rows), default=0)))
    names = max((len(row["name"]) for row in rows), default=0)
    by_code = {}
    for f in report.findings:
        by_code.setdefault(f.code, []).append(f)
    lines = []
    for row in rows:
        line = f"{row['count']:>{width}}  {row['code']}  {row['name']:<{names}}"
        fixable = fixable_counts(by_code[row["code"]])
        if fixable:
            line += f"  ({fixable})"
        lines.append(line.rstrip())
    if not quiet:
        lines.append(summary(report.findings, len(report.errors), checked=len(report.results) - len(report.errors)))
    return "".join(line + "\n" for line in lines)


def statistics_json(report: Report) -> str:
    return json.dumps(_rows(report), indent=2) + "\n"
