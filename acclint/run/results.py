"""A file's result as plain data, and back: what the result cache stores and what a worker
process sends its parent (acclint.run.cache, acclint.run.jobs). The data holds no fix node
edits (they are libcst nodes): a finding read back is fixable or not, with its fix's one text
replacement for the json report; `--fix` and SARIF, which apply or carry node edits, always
lint afresh in one process."""

from __future__ import annotations

from acclint.common.findings import FileError, FileResult, Finding, Fix
from acclint.files.sources import display_path


def result_to_data(result: FileResult) -> dict:
    """A file's result as plain data (no fix edits): what the cache stores and what a worker
    process sends back (acclint.run.jobs)."""
    return {
        "parsed": result.parsed,
        "error": result.error.message if result.error is not None else None,
        "notes": [list(note) for note in result.notes],
        "findings": [_row(f, result.module, result.placer) for f in result.findings],
    }


def is_result_data(data) -> bool:
    """Whether `data` has the shape `result_to_data` gives (the cache uses nothing else)."""
    return (
        isinstance(data, dict)
        and isinstance(data.get("parsed"), bool)
        and (data.get("error") is None or isinstance(data["error"], str))
        and isinstance(data.get("notes", []), list)
        and all(isinstance(n, list) and len(n) == 2 and type(n[0]) is int and isinstance(n[1], str) for n in data.get("notes", []))
        and isinstance(data.get("findings"), list)
        and all(_is_row(row) for row in data["findings"])
    )


def _is_row(row) -> bool:
    if not isinstance(row, list) or len(row) != 8:
        return False
    line, column, end_line, end_column, code, message, cell, fix = row
    return (
        all(type(n) is int and n >= 0 for n in (line, column, end_line, end_column))
        and line >= 1 and column >= 1
        and isinstance(code, str) and isinstance(message, str)
        and (cell is None or type(cell) is int and cell >= 1)
        and (fix is None or isinstance(fix, list) and len(fix) == 4 and isinstance(fix[0], str)
             and isinstance(fix[1], bool) and isinstance(fix[2], str) and _is_edit(fix[3]))
    )


def _is_edit(edit) -> bool:
    """A fix's one text replacement as `_edit` keeps it: four positions and the new text."""
    return edit is None or (
        isinstance(edit, list) and len(edit) == 5
        and all(type(n) is int and n >= 0 for n in edit[:4]) and isinstance(edit[4], str)
    )


def result_from_data(data: dict, path: str, sources) -> FileResult:
    """The result `result_to_data` made, for `path` as `sources` (an acclint.run.plan.Sources)
    read it, with the source text its excerpts are cut from."""
    shown = display_path(path)
    result = FileResult(shown, parsed=data.get("parsed", False))
    result.findings = [_finding(shown, row) for row in data.get("findings", [])]
    if data.get("error") is not None:
        result.error = FileError(shown, data["error"])
    result.notes = [(line, message) for line, message in data.get("notes", [])]
    if result.findings:
        _attach_source(result, sources, path)
    return result


def _row(f: Finding, module, placer) -> list:
    fix = [f.fix.title, f.fix.safe, f.fix.reason, _edit(f, module, placer)] if f.fix is not None else None
    return [f.line, f.column, f.end_line, f.end_column, f.code, f.message, f.cell, fix]


def _edit(f: Finding, module, placer) -> list | None:
    """The fix's one text replacement, kept for the json report (a notebook's has none;
    `placer`: the result's, acclint.fix.span)."""
    if f.cell is not None or (module is None and f.fix.edit is None):
        return None
    from acclint.fix.span import span_of  # libcst: only for a finding with a fix

    span = span_of(f.fix, module, placer, f.node)
    return [span.start_line, span.start_column, span.end_line, span.end_column, span.text] if span is not None else None


def _finding(shown: str, row: list) -> Finding:
    line, column, end_line, end_column, code, message, cell, fix = row
    # A cached fix has no edits: it tells the report that the finding is fixable (`--fix`
    # never uses the cache, so it is never applied).
    cached_fix = Fix(fix[0], {}, safe=fix[1], reason=fix[2], edit=_as_edit(fix)) if fix is not None else None
    return Finding(shown, line, column, code, message, end_line, end_column, fix=cached_fix, cell=cell)


def _as_edit(fix: list) -> tuple | None:
    return tuple(fix[3]) if fix[3] is not None else None


def _attach_source(result: FileResult, sources, path: str) -> None:
    """Give a cached result the source text its excerpts are cut from."""
    from acclint.files.decoding import decode

    source = sources.read(path)
    notebook = sources.notebooks.get(path)
    if notebook is not None:
        result.cells = notebook.cell_lines()
    else:
        result.text = decode(source)
