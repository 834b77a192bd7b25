"""The human formats: `text` (each finding with its source line and a caret under it) and
`concise` (one line per finding), both ending with ruff's summary line."""

from __future__ import annotations

from acclint.run.plan import Report
from acclint.common.findings import Finding

# ANSI styles, as ruff colours its output: location bold, code red, excerpt caret red.
BOLD, RED, RESET = "\x1b[1m", "\x1b[31m", "\x1b[0m"


def format_text(report: Report, excerpts: bool = True, color: bool = False) -> str:
    """`path:line:col: CODE message` (`path:cell C:line L:col` in a notebook), each followed by
    its source line and a caret when `excerpts`, then a summary line."""
    paint = (lambda style, text: f"{style}{text}{RESET}") if color else (lambda style, text: text)
    results = {r.path: r for r in report.results}
    lines: list[str] = []
    findings = report.findings
    for f in findings:
        lines.append(f"{paint(BOLD, f.location)}: {paint(RED, f.code)} {f.message}")
        src = results[f.path].source_line(f) if excerpts else None
        if src is not None:
            src = src.rstrip()
            lines.append(f"    {src}")
            width = max(1, (f.end_column - f.column) if f.end_line == f.line else len(src) - f.column + 1)
            lines.append("    " + " " * (f.column - 1) + paint(RED, "^" * width))
    lines.append(summary(findings, len(report.errors), paint))
    return "\n".join(lines) + "\n"


def summary(findings: list[Finding], errors: int, paint=lambda style, text: text) -> str:
    """`Found 3 findings in 2 files (1 fixable with --fix).`, or `All checks passed!`; a run
    where some file (`errors` of them) could not be analysed never says all checks passed."""
    if not findings:
        if errors:
            return f"No findings, but {errors} path{'s' if errors != 1 else ''} could not be checked (see above)."
        return paint(BOLD, "All checks passed!")
    files = len({f.path for f in findings})
    fixable = sum(f.fixable for f in findings)
    text = (f"Found {len(findings)} finding{'s' if len(findings) != 1 else ''} in {files} file{'s' if files != 1 else ''}"
            + (f" ({fixable} fixable with --fix)." if fixable else "."))
    return text
