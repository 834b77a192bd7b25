"""Output formats for `acclint check`: each turns a Report into the text to print."""

from __future__ import annotations

import json
from typing import Callable

from acclint.api import Report
from acclint.findings import Finding


def format_text(report: Report) -> str:
    """`path:line:col: CODE message`, then the source line and a caret under the column."""
    lines: list[str] = []
    sources = {r.path: r.module.code.splitlines() if r.module is not None else [] for r in report.results if r.findings}
    for f in report.findings:
        lines.append(f"{f.path}:{f.line}:{f.column}: {f.code} {f.message}")
        text = sources.get(f.path, [])
        if 0 < f.line <= len(text):
            src = text[f.line - 1].rstrip()
            lines.append(f"    {src}")
            width = max(1, (f.end_column - f.column) if f.end_line == f.line else len(src) - f.column + 1)
            lines.append("    " + " " * (f.column - 1) + "^" * width)
    findings = report.findings
    if findings:
        files = len({f.path for f in findings})
        fixable = sum(f.fixable for f in findings)
        lines.append(
            f"Found {len(findings)} finding{'s' if len(findings) != 1 else ''} in {files} file{'s' if files != 1 else ''}"
            + (f" ({fixable} fixable with --fix)." if fixable else ".")
        )
    return "\n".join(lines) + ("\n" if lines else "")


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
    }


def format_json(report: Report) -> str:
    return json.dumps([finding_dict(f) for f in report.findings], indent=2) + "\n"


FORMATS: dict[str, Callable[[Report], str]] = {
    "text": format_text,
    "json": format_json,
}
