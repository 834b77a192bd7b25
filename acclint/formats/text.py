"""The human format: each finding with its source line and a caret under it."""

from __future__ import annotations

from acclint.api import Report


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
