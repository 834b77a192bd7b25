"""`--format json`: one JSON array of findings, the fields of DESIGN.md §3."""

from __future__ import annotations

import json

from acclint.run.plan import Report
from acclint.common.findings import Finding


def finding_dict(f: Finding) -> dict:
    return {
        "path": f.path,
        "line": f.line,
        "column": f.column,
        "end_line": f.end_line,
        "end_column": f.end_column,
        "code": f.code,
        "message": f.message,
        "fixable": f.fixable,
        **({"cell": f.cell} if f.cell is not None else {}),
    }


def format_json(report: Report) -> str:
    return json.dumps([finding_dict(f) for f in report.findings], indent=2) + "\n"
