"""A fix as one text replacement: the span of the original source between the first and the
last character the fix changes, and the text that replaces it. SARIF's `replacements` and the
`fix.edits` of ruff's JSON both carry fixes this way, and the result cache keeps it (a cached
fix has no node edits: acclint.run.results); acclint's fixes are libcst node edits, so the span
is found by regenerating the fixed code and comparing it with the original.

A report gives a span for every fix, and regenerating the whole module for each was quadratic
in a big file (3,333 fixes in benchmarks/gen_big_jitted.py's 50,000 lines: minutes). A fix
without imports whose changes all lie inside one top-level statement (not the statement
itself) changes that statement's code alone: a module's code is its header, then the code of
each statement (`Module.code_for_node` of it), then its footer, so only that statement is
regenerated, fixed and compared, at its offset in the module's code (`_Layout`, made once a
module). Any other fix regenerates the module as before.

Where the engine placed the finding by a statement inside its top-level one (acclint.lint.
placing), only the innermost statement around it that holds every node the fix changes is
regenerated (or, where the fix replaces that statement, what replaces it: the statements of a
block are generated one after another with the same indents), at the offset where the engine
found it in the text (the layout, the module's code and every statement's, is then never made:
6 s of a json report of that file). Its span is the
top-level statement's: that statement's code and the fixed one's are the same before and after
it, so they first differ within it, unless one of its codes begins the other (then the top-level
way is taken)."""

from __future__ import annotations

import bisect
import dataclasses
import os
import re
from dataclasses import dataclass

import libcst as cst
from libcst._nodes.internal import CodegenState

from acclint.common.findings import Fix
from acclint.fix.apply import _Replace, apply_fixes
from acclint.lint.placing import Placed, Placer


@dataclass(frozen=True)
class Span:
    start_line: int  # 1-based
    start_column: int  # 1-based
    end_line: int
    end_column: int  # just past the replaced text
    text: str  # what replaces it


def fix_span(module: cst.Module, fix: Fix, placer: Placer | None = None, node: cst.CSTNode | None = None) -> Span | None:
    """The replacement `fix` makes in `module`; None when applying it changes nothing.
    `placer`, `node`: where the engine placed the finding's node, if it was placed so."""
    placed = placer.holding(node, fix.changes) if placer is not None and node is not None and fix.changes and not fix.imports else None
    new = _fixed_code(placed, fix, module) if placed is not None else None
    if new is not None:
        old = placed.code
        if new == old:
            return None
        start = len(os.path.commonprefix([old, new]))
        if start < min(len(old), len(new)):  # else the codes around it may differ on: see above
            return _span(old, new, start, placed.start, _text_lines(placer).position)
    layout = _layout(module)
    found = _in_statement(layout, fix)
    if found is None:
        old, new, base = layout.code, apply_fixes(module, [fix]).code, 0
    else:
        index, statement = found
        old, base = layout.codes[index], layout.offsets[index]
        new = module.code_for_node(statement.visit(_Replace(dict(fix.changes))))
    if new == old:
        return None
    return _span(old, new, len(os.path.commonprefix([old, new])), base, layout.position)


def _fixed_code(placed: Placed, fix: Fix, module: cst.Module) -> str | None:
    """The code that replaces the placed statement's in the fixed module: the statement fixed,
    or what the fix puts in its place (a statement or several; None for anything else)."""
    statement = placed.statement
    if statement in fix.changes:
        value = fix.changes[statement]
        parts = value.nodes if isinstance(value, cst.FlattenSentinel) else (value,)
        if not parts or not all(isinstance(part, cst.BaseStatement) for part in parts):
            return None
    else:
        parts = (statement.visit(_Replace(dict(fix.changes))),)
    state = CodegenState(module.default_indent, module.default_newline)
    state.indent_tokens = list(placed.indents)  # as the block around it pushed them: see above
    for part in parts:
        part._codegen(state)
    return "".join(state.tokens)


def _span(old: str, new: str, start: int, base: int, position) -> Span:
    """The change from `old` to `new`, which first differ at `start`; `old` lies at `base` in
    the text whose offsets `position` turns into (line, column)."""
    tail = len(os.path.commonprefix([old[start:][::-1], new[start:][::-1]]))
    return Span(*position(base + start), *position(base + len(old) - tail), new[start:len(new) - tail])


class _Lines:
    """Where each line of a text starts, as `_Layout` counts them (at `\n`)."""

    def __init__(self, text: str) -> None:
        self._lines = [0, *(match.end() for match in re.finditer("\n", text))]

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset."""
        line = bisect.bisect_right(self._lines, offset)
        return line, offset - self._lines[line - 1] + 1


_last_lines: list[tuple[Placer, _Lines]] = []  # those of the last placer asked about


def _text_lines(placer: Placer) -> _Lines:
    if not _last_lines or _last_lines[0][0] is not placer:
        _last_lines[:] = [(placer, _Lines(placer.text))]
    return _last_lines[0][1]


class _Layout:
    """A module's code, where each top-level statement's code starts in it, where each line
    starts, and which statement each node lies in (made when first needed)."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.code = module.code
        self.codes = [module.code_for_node(statement) for statement in module.body]
        self.offsets = []
        offset = sum(len(module.code_for_node(line)) for line in module.header)
        for code in self.codes:
            self.offsets.append(offset)
            offset += len(code)
        if any(self.code[at:at + len(code)] != code for at, code in zip(self.offsets, self.codes)):
            self.codes = None  # (not seen) the module's code is not its statements': fix it whole
        self.position = _Lines(self.code).position  # 1-based (line, column) of a character offset
        self._statement_of: dict[int, int] | None = None

    def statement_of(self, node: cst.CSTNode) -> int | None:
        """The index of the top-level statement `node` lies in (None: none, or the module)."""
        if self._statement_of is None:
            self._statement_of = {}
            for index, statement in enumerate(self.module.body):
                stack: list[cst.CSTNode] = [statement]
                while stack:
                    found = stack.pop()
                    self._statement_of[id(found)] = index
                    stack.extend(_every_child(found))
        return self._statement_of.get(id(node))


_FIELDS: dict[type, tuple[str, ...]] = {}


def _every_child(node: cst.CSTNode) -> list[cst.CSTNode]:
    """Every child node, whitespace and comments included (libcst's `children`, without
    its visitor machinery)."""
    names = _FIELDS.get(type(node))
    if names is None:
        names = _FIELDS[type(node)] = tuple(f.name for f in dataclasses.fields(node))
    out = []
    for name in names:
        value = getattr(node, name)
        if isinstance(value, (tuple, list)):
            out.extend(item for item in value if isinstance(item, cst.CSTNode))
        elif isinstance(value, cst.CSTNode):
            out.append(value)
    return out


_last: list[_Layout] = []  # the layout of the last module asked about (a report asks file by file)


def _layout(module: cst.Module) -> _Layout:
    if not _last or _last[0].module is not module:
        _last[:] = [_Layout(module)]
    return _last[0]


def _in_statement(layout: _Layout, fix: Fix) -> tuple[int, cst.BaseStatement] | None:
    """The top-level statement (its index, and itself) holding every node `fix` changes, when
    the fix adds no import and leaves the statement itself in place; else None."""
    if fix.imports or not fix.changes or layout.codes is None:
        return None
    indexes = {layout.statement_of(node) for node in fix.changes}
    if len(indexes) != 1 or None in indexes:
        return None
    index = indexes.pop()
    statement = layout.module.body[index]
    return None if statement in fix.changes else (index, statement)


def span_of(fix: Fix, module: cst.Module | None, placer: Placer | None = None, node: cst.CSTNode | None = None) -> Span | None:
    """The replacement of `fix`: worked out from `module` where the fix has its node edits,
    else the one a cached fix kept (None when neither is known, or in a notebook's cells).
    `placer`, `node`: as `fix_span` takes them."""
    if fix.changes and module is not None:
        return fix_span(module, fix, placer, node)
    return Span(*fix.edit) if fix.edit is not None else None
