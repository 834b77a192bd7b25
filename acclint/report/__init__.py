"""Report formats for `acclint check --output-format NAME`: each turns a Report into text.

`text` (people: each finding with its source line; ruff's name for it, `full`, is taken too),
`concise` (one line per finding), `json` and `json-lines` (scripts: one array, or one object a
line), `sarif` (code-scanning tools), `github` (GitHub Actions annotations). The machine formats
report a file that could not be analysed as an entry of its own, as ruff reports a syntax error.
`--statistics` counts findings per code instead: as JSON with `json`, as a table otherwise.
The human formats end with a summary line, as ruff's do (`All checks passed!` when clean).
"""

from __future__ import annotations

from acclint.common.collector import heap_set_aside
from acclint.run.plan import Report


def render(report: Report, name: str, statistics: bool = False, color: bool = False, quiet: bool = False) -> str:
    """The report in format `name`; `quiet` (ruff's `-q`) leaves out the summary line.

    The heap is set aside meanwhile (acclint.common.collector.heap_set_aside): a report holds
    every linted file's module, and the collections its allocations set off scanned them all
    (1.7 s of the json report of benchmarks/gen_big_jitted.py's 50,000 lines)."""
    with heap_set_aside():
        return _render(report, name, statistics, color, quiet)


def _render(report: Report, name: str, statistics: bool, color: bool, quiet: bool) -> str:
    if statistics:
        from acclint.report.statistics import format_statistics, statistics_json

        return statistics_json(report) if name == "json" else format_statistics(report, quiet)
    if name in ("text", "concise"):
        from acclint.report.text import format_text

        return format_text(report, excerpts=name == "text", color=color, quiet=quiet)
    if name == "json":
        from acclint.report.json import format_json

        return format_json(report)
    if name == "json-lines":
        from acclint.report.json import format_json_lines

        return format_json_lines(report)
    if name == "sarif":
        from acclint.report.sarif import format_sarif

        return format_sarif(report)
    if name == "github":
        from acclint.report.github import format_github

        return format_github(report)
    raise ValueError(f"no output format {name!r}")
