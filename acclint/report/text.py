"""The human formats: `text` (each finding with its source line and a caret under it) and
`concise` (one line per finding), both ending with ruff's summary line."""

from __future__ import annotations

from acclint.run.plan import Report
from acclint.common.findings import Finding

# ANSI styles, as ruff colours its output: location bold, code red, excerpt caret red.
BOLD, RED, RESET = "\x1b[1m", "\x1b[31m", "\x1b[0m"


def format_text(report: Report, excerpts: bool = True, color: bool = False, quiet: bool = False) -> str:
    """`path:line:col: CODE message` (`path:cell C:line L:col` in a notebook), each followed by
    its source line and a caret when `excerpts`, then a summary line (none when `quiet`:
    ruff's `-q`)."""
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
    if not quiet:
        lines.append(summary(findings, len(report.errors), paint, checked=len(report.results) - len(report.errors)))
    return "\n".join(lines) + "\n" if lines else ""


NOTHING_CHECKED = "No Python files found under the given path(s)."


def summary(findings: list[Finding], errors: int, paint=lambda style, text: text, checked: int = 1) -> str:
    """`Found 3 findings in 2 files (2 fixable with --fix, 1 more with --unsafe-fixes).`, or
    `All checks passed!`; a run where some file (`errors` of them) could not be analysed says
    so (and never that all checks passed), and so does one that found no file to check
    (`checked` is 0)."""
    if not findings:
        if errors:
            return f"No findings, but {errors} path{'s' if errors != 1 else ''} could not be checked (see above)."
        return paint(BOLD, "All checks passed!") if checked else NOTHING_CHECKED
    files = len({f.path for f in findings})
    fixable = fixable_counts(findings)
    unchecked = f"; {errors} path{'s' if errors != 1 else ''} could not be checked (see above)" if errors else ""
    return (f"Found {len(findings)} finding{'s' if len(findings) != 1 else ''} in {files} file{'s' if files != 1 else ''}"
            + (f" ({fixable})" if fixable else "") + unchecked + ".")


def fixable_counts(findings: list[Finding]) -> str:
    """How many findings the safe fixes remove and how many more the unsafe ones do, as ruff
    counts them (`2 fixable with --fix, 1 more with --unsafe-fixes`); "" when none."""
    safe = sum(f.fix is not None and f.fix.safe for f in findings)
    unsafe = sum(f.fix is not None and not f.fix.safe for f in findings)
    parts = [f"{safe} fixable with --fix"] if safe else []
    if unsafe:
        parts.append(f"{unsafe} more with --unsafe-fixes" if safe else f"{unsafe} fixable with --unsafe-fixes")
    return ", ".join(parts)
