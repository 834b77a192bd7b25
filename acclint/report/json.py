"""`--output-format json`: one JSON array of findings; `json-lines`: the same objects, one per line.

Each element has acclint's own fields (`path`, `line`, `column`, `end_line`, `end_column`,
`code`, `message`, `fixable`, and `cell` in a notebook) and, so that tools written for ruff's
JSON read it too, ruff's: `filename` (absolute), `location` and `end_location` (`row`,
`column`, 1-based), `fix` (`applicability` "safe" or "unsafe", `message`, `edits`, each with its
`content`, `location` and `end_location`; null when there is none), `url` (the rule's page, or
null where acclint's project URLs give none: acclint.report.links), `noqa_row` (the line a
`# noqa` for the finding goes on) and `cell` (null outside notebooks).

A file acclint could not analyse is an element too, as ruff reports a syntax error: `code`
null, `message` "SyntaxError: ..." where Python's parser refused the file (otherwise the
reason, as printed on stderr), placed where the parser stopped (line 1, column 1 where the
message names no place), with no fix, url or noqa_row. A CI that reads the report never takes
a run that skipped a file for a clean one (the exit status, 2, says so too).

A fix's edit is worked out from the parsed module, or read from the result cache, which keeps
it (acclint.run.results). A notebook's fix has no edits (they would address the cell's text,
and ruff's address the file's): `acclint check --fix` applies it.
"""

from __future__ import annotations

import json
import os

from acclint.run.plan import Report
from acclint.common.findings import NOT_ANALYSED, FileError, Finding
from acclint.report.links import rule_url


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


def ruff_fields(f: Finding, module, placer=None) -> dict:
    """ruff's fields of a finding (`module`: its file's parsed module, and `placer`, where
    the engine placed its nodes: for the fix's edits)."""
    return {
        "cell": f.cell,
        "filename": os.path.abspath(f.path),
        "location": {"row": f.line, "column": f.column},
        "end_location": {"row": f.end_line, "column": f.end_column},
        "fix": _fix(f, module, placer),
        "url": rule_url(f"{f.code}.md"),
        "noqa_row": f.line,
    }


def error_dict(e: FileError) -> dict:
    """A file that could not be analysed, as ruff's JSON gives a syntax error."""
    cell, line, column = e.place() or (None, 1, 1)
    return _place_dict(e.path, cell, line, column, None, e.syntax_error() or e.message)


def note_dict(path: str, line: int, note: str) -> dict:
    """A function the analysis left out, on its `def` line (see the module docstring)."""
    return _place_dict(path, None, line, 1, NOT_ANALYSED, note, level="warning")


def _place_dict(path: str, cell, line: int, column: int, code: str | None, message: str, **extra) -> dict:
    """A message at one place that is no finding: no end, no fix, no rule page, no noqa row."""
    return {
        "path": path, "line": line, "column": column, "end_line": line, "end_column": column,
        "code": code, "message": message, "fixable": False, **extra,
        "cell": cell, "filename": os.path.abspath(path),
        "location": {"row": line, "column": column}, "end_location": {"row": line, "column": column},
        "fix": None, "url": None, "noqa_row": None,
    }


def _fix(f: Finding, module, placer=None) -> dict | None:
    if f.fix is None:
        return None
    edits = []
    if f.cell is None and (f.fix.changes or f.fix.edit is not None):
        from acclint.fix.span import span_of  # libcst: only for a report with fixes

        span = span_of(f.fix, module, placer, f.node)
        if span is not None:
            edits.append({
                "content": span.text,
                "location": {"row": span.start_line, "column": span.start_column},
                "end_location": {"row": span.end_line, "column": span.end_column},
            })
    return {"applicability": "safe" if f.fix.safe else "unsafe", "message": f.fix.title, "edits": edits}


def rows(report: Report) -> list[dict]:
    """Every finding, every file that could not be analysed and every function left out, in
    path and line order."""
    parsed = {r.path: r for r in report.results if r.module is not None}
    out = []
    for f in report.findings:
        file = parsed.get(f.path)
        out.append({**finding_dict(f), **ruff_fields(f, file.module if file else None, file.placer if file else None)})
    out += [error_dict(e) for e in report.errors]
    out += [note_dict(r.path, line, note) for r in report.results for line, note in r.notes]
    out.sort(key=lambda row: (row["path"], row["cell"] or 0, row["line"], row["column"]))
    return out


def format_json(report: Report) -> str:
    return json.dumps(rows(report), indent=2) + "\n"


def format_json_lines(report: Report) -> str:
    """ruff's `json-lines`: one JSON object per line, no array around them."""
    return "".join(json.dumps(row) + "\n" for row in rows(report))
