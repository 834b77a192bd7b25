"""`acclint check --add-noqa`: silence every current finding with a `# noqa: CODE` comment on
its line, so that a large code base can adopt acclint and be held to it from then on (ruff's
`--add-noqa`).

A code is added to an existing `# noqa: ...` list rather than a second comment; a bare
`# noqa` already silences everything and is left alone. A line whose end lies inside a string
or after a backslash continuation cannot take a comment without changing the code, so it is
left as it is and counted. Each file is written atomically, keeping its encoding and line
endings, and only if the result still parses. In a notebook the comments go into the code
cells (the module of its cells is edited, then split back into them as `--fix` does), and the
rest of the file (outputs, metadata, layout) stays as it was.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections import defaultdict

from acclint.run.plan import Report
from acclint.run.runner import run
from acclint.files.decoding import decode
from acclint.common.findings import FileError, FileResult, Finding
from acclint.fix.write import write_atomic
from acclint.common.refused import Refused
from acclint.common.lines import split_lines, split_lines_keepends
from acclint.lint.noqa import NOQA
from acclint.lint.unused_noqa import UNUSED_NOQA
from acclint.files.sources import read_source

_ENDING = re.compile(r"(\r\n|\r|\n)?$")


def add_noqa(paths: list[str], settings) -> tuple[Report, str]:
    """Add the comments; return the report of what could not be read and a summary line."""
    report = run(paths, settings)
    by_file: dict[str, list[Finding]] = defaultdict(list)
    stale = 0
    for f in report.findings:
        if f.code == UNUSED_NOQA:  # a comment to remove, not to silence (ruff's --add-noqa skips RUF100 too)
            stale += 1
        else:
            by_file[f.path].append(f)
    added = skipped = 0
    errors = Report([r for r in report.results if r.error is not None])
    for path, findings in sorted(by_file.items()):
        try:
            add = _add_to_notebook if path.endswith(".ipynb") else _add_to_file
            done, left = add(path, findings)
        except (OSError, Refused, SyntaxError) as exc:
            errors.results.append(FileResult(path, error=FileError(path, f"cannot add noqa: {exc}")))
            continue
        added += done
        skipped += left
    message = f"Added {added} noqa comment{'s' if added != 1 else ''}."
    if skipped:
        message += f" {skipped} line{'s' if skipped != 1 else ''} cannot take a comment (inside a string or after a backslash); fix or silence them by hand."
    if stale:
        message += (f" {stale} unused noqa comment{'s' if stale != 1 else ''} ({UNUSED_NOQA}) left as {'they are' if stale != 1 else 'it is'}:"
                    f" `acclint check --fix --select {UNUSED_NOQA}` removes {'them' if stale != 1 else 'it'}.")
    return errors, message


def _codes_by_line(findings: list[Finding], line_of=lambda f: f.line) -> dict[int, set[str]]:
    by_line: dict[int, set[str]] = defaultdict(set)
    for f in findings:
        by_line[line_of(f)].add(f.code)
    return by_line


def _add_to_file(path: str, findings: list[Finding]) -> tuple[int, int]:
    raw = read_source(path)
    encoding = tokenize.detect_encoding(io.BytesIO(raw).readline)[0]
    result, added, skipped = _with_comments(decode(raw), _codes_by_line(findings))
    if added:
        write_atomic(path, result.encode(encoding))  # "utf-8-sig" puts a BOM back
    return added, skipped


def _add_to_notebook(path: str, findings: list[Finding]) -> tuple[int, int]:
    """The comments in a notebook's code cells: each finding's line in the module of the cells
    (`cell C, line L` is line L below the cell's marker line)."""
    from acclint.files.notebooks import read_notebook

    notebook = read_notebook(read_source(path))
    module = notebook.module.decode("utf-8")
    marker = {notebook.cell_number(position): start for position, start in enumerate(notebook.starts)}
    result, added, skipped = _with_comments(module, _codes_by_line(findings, lambda f: marker[f.cell] + f.line))
    if added:
        write_atomic(path, notebook.with_module(result))
    return added, skipped


def _with_comments(text: str, codes_by_line: dict[int, set[str]]) -> tuple[str, int, int]:
    """`text` with the codes added to the `# noqa` of their lines, how many lines took one and
    how many could not; raises SyntaxError rather than give text that does not parse."""
    closed = lines_that_can_end_in_a_comment(text)
    lines = split_lines_keepends(text)
    added = skipped = 0
    for number, codes in codes_by_line.items():
        if not 0 < number <= len(lines) or number not in closed:
            skipped += 1
            continue
        new = with_noqa(lines[number - 1], codes)
        if new != lines[number - 1]:
            lines[number - 1] = new
            added += 1
    result = "".join(lines)
    if added:
        ast.parse(result)  # never write what does not parse
    return result, added, skipped


def with_noqa(line: str, codes: set[str]) -> str:
    ending = _ENDING.search(line).group()
    body = line[: len(line) - len(ending)] if ending else line
    match = NOQA.search(body)
    if match is None:
        return f"{body.rstrip()}  # noqa: {', '.join(sorted(codes))}{ending}"
    listed = match.group("codes")
    if not listed:
        return line  # a bare `# noqa` silences every code already
    have = {c.upper() for c in re.split(r"[,\s]+", listed.strip()) if c}
    missing = sorted(c for c in codes if not any(c.startswith(h) for h in have))
    if not missing:
        return line
    end = match.end("codes")
    stripped = body[:end].rstrip(", \t")
    return f"{stripped}, {', '.join(missing)}{body[end:]}{ending}"


def lines_that_can_end_in_a_comment(text: str) -> set[int]:
    """Line numbers whose end is code (not inside a string, not a backslash continuation)."""
    inside: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.ENDMARKER):
            continue
        start, end = token.start[0], token.end[0]
        inside.update(range(start, end))  # a token spanning lines: all but its last line
    return {n for n, line in enumerate(split_lines(text), 1) if n not in inside and not line.rstrip().endswith("\\")}
