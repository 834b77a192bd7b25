"""`--statistics`: how many findings of each code, most frequent first (as ruff and flake8 do).

    3  ACC201  if-on-traced-value
    1  ACC401  print-in-trace        (1 fixable)

With `--output-format json`, the same rows as a JSON array (ruff's shape).
"""

from __future__ import annotations

import json
from collections import Counter

from acclint.run.plan import Report
from acclint.run.registry import rule_by_code


def _rows(report: Report) -> list[dict]:
    findings = report.findings
    counts = Counter(f.code for f in findings)
    fixable = Counter(f.code for f in findings if f.fixable)
    return [
        {"code": code, "name": rule.name if (rule := rule_by_code(code)) else "", "count": count, "fixable": fixable[code]}
        for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]


def format_statistics(report: Report) -> str:
    rows = _rows(report)
    width = len(str(max((row["count"] for row in rows), default=0)))
    lines = []
    for row in rows:
        line = f"{row['count']:>{width}}  {row['code']}  {row['name']}"
        if row["fixable"]:
            line += f"  ({row['fixable']} fixable)"
        lines.append(line.rstrip())
    return "".join(line + "\n" for line in lines)


def statistics_json(report: Report) -> str:
    return json.dumps(_rows(report), indent=2) + "\n"
