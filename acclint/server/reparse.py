"""Parse again only the top-level statement an edit touched.

libcst's parse of a whole file is the largest single cost of answering a keystroke (about half
of the lint of a 2,000-line file, benchmarks/README.md), yet a keystroke almost always stays
inside one top-level statement (a function body). Such an edit is answered by parsing that
statement's new text alone and putting it in place of the old one in the last module: every
other statement stays the very node it was.

This is exact or it is not done. The lines of each top-level statement are known (worked out
once from a full parse, then shifted by each edit). The file must be UTF-8 (the text is
decoded so); the changed lines must lie within one statement and away from the file's first
two lines (an encoding declaration) and its header and footer comments; the statement's new
text must parse as exactly one statement; and that statement must generate exactly its new
text. Then the new module's code is the new file, byte for byte, because every other line is
unchanged. Anything else (an edit across statements, a new top-level statement, a syntax
error) falls back to a full parse.

The parse guard (acclint.parse.guard), which must pass a text before libcst parses it, is run on the
new statement alone (and its size bounds on the whole file), not on the whole file again (an
`ast` parse and walk of 2,000 lines: about 90 ms of CPU here). It is exact too, since the rest of the file passed it
already: `ast`'s parse of a statement does not depend on the statements around it (no
`__future__` import changes what `ast.parse` accepts), and the guard's depth and chain bounds
each lie within one statement.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

import libcst as cst

from acclint.parse.frontend import parse_module
from acclint.parse.guard import check_size, check_source
from acclint.common.refused import Refused
from acclint.server.documents import decode, encode
from acclint.server.edits import lines_of


@dataclass(frozen=True)
class Parsed:
    """A file's bytes and their module; `starts`: the line (0-based) where each top-level
    statement starts, then the line where the footer starts (None until first needed). A
    reparse records which statement it replaced (`changed`) and the lines that added (`shift`)."""

    source: bytes
    module: cst.Module
    starts: tuple[int, ...] | None = None
    changed: int | None = None
    shift: int = 0


def statement_starts(module: cst.Module) -> tuple[int, ...]:
    """Where each top-level statement of `module` starts, then where its footer starts."""
    line = len(module.header)
    starts = []
    for statement in module.body:
        starts.append(line)
        line += len(lines_of(module.code_for_node(statement)))
    return (*starts, line)


def reparse(old: Parsed, source: bytes) -> Parsed | None:
    """`source` parsed by parsing again the one top-level statement it changed in `old`, or
    None where that cannot be done exactly (the caller then guards and parses the whole
    file). `old` passed the parse guard."""
    if codecs.lookup(old.module.encoding).name != "utf-8":
        return None
    try:
        check_size(source)
        before, after = lines_of(decode(old.source)), lines_of(decode(source))
    except (Refused, UnicodeDecodeError):
        return None
    if not before or not after or not before[-1].endswith("\n") or not after[-1].endswith("\n"):
        return None
    first = 0  # the first changed line
    while first < min(len(before), len(after)) and before[first] == after[first]:
        first += 1
    kept = 0  # unchanged lines at the end
    while kept < min(len(before), len(after)) - first and before[-1 - kept] == after[-1 - kept]:
        kept += 1
    end_before, end_after = len(before) - kept, len(after) - kept
    if first < 2:
        return None
    starts = old.starts or statement_starts(old.module)
    body = old.module.body
    index = next(
        (i for i in range(len(body)) if starts[i] <= first and end_before <= starts[i + 1] and (first < starts[i + 1] or first == end_before)),
        None,
    )
    if index is None:
        return None
    shift = end_after - end_before
    text = "".join(after[starts[index]: starts[index + 1] + shift])
    try:
        check_source(encode(text))
        alone = parse_module(text)
    except (Refused, cst.ParserSyntaxError, RecursionError):
        return None
    if len(alone.body) != 1 or alone.footer:
        return None
    statement = alone.body[0]
    statement = statement.with_changes(leading_lines=(*alone.header, *statement.leading_lines))
    if old.module.with_changes(header=(), body=(statement,), footer=()).code != text:
        return None
    module = old.module.with_changes(body=(*body[:index], statement, *body[index + 1:]))
    return Parsed(source, module, (*starts[: index + 1], *(s + shift for s in starts[index + 1:])), index, shift)
