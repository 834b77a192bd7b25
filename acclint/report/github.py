"""`--format github`: GitHub Actions workflow commands, one annotation per finding.

    ::error file=src/m.py,line=7,col=5,endLine=7,endColumn=13,title=ACC201::'if' on traced ...

GitHub decodes `%25`, `%0D` and `%0A` in the message, and also `%3A` and `%2C` in the
properties (where a bare `:` or `,` would end the value), so those characters are escaped.
Files that could not be analysed are annotated too, titled `acclint`, on the line where the
parser stopped when the message says where. In a
notebook the line is the cell's, and the title names the cell. A function the analysis left out
of a file it linted (`FileResult.notes`) is a `::notice`, titled `acclint`, on its `def` line:
the command line's warning, which leaves the exit status alone.
"""

from __future__ import annotations

from acclint.common.findings import FileError
from acclint.run.plan import Report

_DATA = {"%": "%25", "\r": "%0D", "\n": "%0A"}
_PROPERTY = {**_DATA, ":": "%3A", ",": "%2C"}


def _escape(text: str, table: dict[str, str]) -> str:
    return "".join(table.get(ch, ch) for ch in text)


def _command(message: str, level: str = "error", **properties: object) -> str:
    props = ",".join(f"{key}={_escape(str(value), _PROPERTY)}" for key, value in properties.items())
    return f"::{level} {props}::{_escape(message, _DATA)}"


def _error_command(e: FileError) -> str:
    """A file that could not be analysed, on the line where the parser stopped when the message
    says where (ruff annotates a syntax error so)."""
    place = e.place()
    where = {} if place is None else {"line": place[1], "col": place[2]}
    return _command(f"could not analyse: {e.message}", file=e.path, **where, title="acclint")


def format_github(report: Report) -> str:
    lines = [
        _command(
            f.message,
            file=f.path,
            line=f.line,
            col=f.column,
            endLine=f.end_line,
            endColumn=f.end_column,
            title=f.code if f.cell is None else f"{f.code} (cell {f.cell})",
        )
        for f in report.findings
    ]
    lines += [_error_command(e) for e in report.errors]
    lines += [_command(note, "notice", file=r.path, line=line, title="acclint") for r in report.results for line, note in r.notes]
    return "".join(line + "\n" for line in lines)
