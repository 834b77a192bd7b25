"""Placing findings by generating the smallest statement around each, not its top-level one.

libcst knows no positions: placing a node means generating code up to it. The engine generates
the module-level statement holding a finding and finds that code in the text
(acclint.lint.engine._positions); in a file where every function has a finding that is the
code of the whole file, again (2.8 s of CPU on benchmarks/gen_big_jitted.py's 50,000 lines).
`Placer` generates only a statement the finding lies in, one that sits in an indented block of
the module-level statement (the rules' walk knows which: the statements among its ancestors),
and finds that code within the lines of the module-level statement. A report's fix spans
(acclint.fix.span) use the same statements: a fix is regenerated within the innermost one
that holds all it changes.

Why that is exact. A statement in an indented block starts a line, and libcst generates it from
its own node and the indents of the blocks around it alone (`IndentedBlock` pushes its indent,
the statement adds the pushed indents at each of its lines), so generated with those indents
it is, character for character, the module's code at its place, which is the text. Its place
lies within the module-level statement's lines: from the line that statement starts on (its
first decorator's) up to the line the next one starts on, both read off the `ast` tree the
front end made of the same bytes (acclint.parse.frontend.Screened.outline), matched to
libcst's statements one for one by kind. So the code occurs at a line start in those lines,
and where it occurs there exactly once, that occurrence is it; a statement repeated verbatim
in the same function, a node outside the statement the walk was in, or a module libcst and
`ast` read differently leave the finding to the engine's way (None).
"""

from __future__ import annotations

import bisect
from typing import Collection

import libcst as cst
from libcst.metadata import CodePosition, CodeRange

from acclint.lint.positions import PositionState

# libcst's compound statements, and the `ast` classes each is.
_KINDS: dict[type, frozenset[str]] = {
    cst.FunctionDef: frozenset({"FunctionDef", "AsyncFunctionDef"}),
    cst.ClassDef: frozenset({"ClassDef"}),
    cst.If: frozenset({"If"}),
    cst.For: frozenset({"For", "AsyncFor"}),
    cst.While: frozenset({"While"}),
    cst.With: frozenset({"With", "AsyncWith"}),
    cst.Try: frozenset({"Try"}),
    cst.TryStar: frozenset({"TryStar"}),
    cst.Match: frozenset({"Match"}),
}
_COMPOUND_KINDS = frozenset().union(*_KINDS.values())
STATEMENTS = (cst.SimpleStatementLine, cst.BaseCompoundStatement)


def statements_around(ancestors: list[cst.CSTNode], node: cst.CSTNode | None) -> tuple[cst.CSTNode, ...]:
    """The statements among `ancestors` and `node` (the rules' walk's path), innermost first:
    where a finding reported there may be placed."""
    path = [*ancestors, node] if node is not None else ancestors
    return tuple(n for n in reversed(path) if isinstance(n, STATEMENTS))


class Placed:
    """A statement found in the text: its code there, generated with `indents` pushed."""

    __slots__ = ("statement", "start", "code", "indents", "lines_before", "ranges")

    def __init__(self, statement: cst.CSTNode, start: int, code: str, indents: tuple[str, ...], lines_before: int, ranges: dict) -> None:
        self.statement, self.start, self.code, self.indents = statement, start, code, indents
        self.lines_before = lines_before  # the lines of the text before `start`
        self.ranges = ranges  # PositionState.computed: its nodes' ranges within `code`


class Placer:
    """Where nodes of one module lie, found from the statements around them (see above).

    `outline`: Screened.outline of the bytes `text` was decoded from; `line_starts`: the
    offset of every line of `text`, as the engine splits it; `hints`: the statements around
    each reported node, innermost first, by id (acclint.lint.engine._run_rules fills it);
    `needed`: the nodes whose ranges are kept (those reported and those their fixes change;
    None: all), for a placer kept with its file's result, until its report."""

    def __init__(self, module: cst.Module, text: str, outline: tuple[tuple[int, str], ...], line_starts: list[int],
                 hints: dict[int, tuple[cst.CSTNode, ...]], needed: Collection[cst.CSTNode] | None = None) -> None:
        self.module = module
        self.needed = needed
        self.text = text
        self.line_starts = line_starts
        self.hints = hints
        self._regions = _regions(module, text, outline, line_starts)
        self._indents: dict[int, dict[int, tuple[str, ...]]] = {}  # id(top) -> id(statement) -> its indents
        self._placed: dict[int, Placed | None] = {}  # by id(statement)
        self._tops: dict[int, cst.BaseStatement] = {}  # id(node) -> its module-level statement, for `holding`

    def ranges(self, top: cst.BaseStatement, nodes: list[cst.CSTNode]) -> dict | None:
        """The range of each of `nodes`, all in the module-level statement `top`; None unless
        every one is placed."""
        region = self._regions.get(id(top))
        if region is None:
            return None
        out = {}
        for node in nodes:
            self._tops[id(node)] = top
            for statement in self.hints.get(id(node), ()):
                placed = self._place(top, statement, region)
                if placed is not None and node in placed.ranges:
                    (start_line, start_column), (end_line, end_column) = placed.ranges[node]
                    shift = placed.lines_before
                    out[node] = CodeRange(CodePosition(start_line + shift, start_column), CodePosition(end_line + shift, end_column))
                    break
            else:
                return None
        return out

    def holding(self, node: cst.CSTNode, changed: Collection[cst.CSTNode]) -> Placed | None:
        """The innermost statement around `node` (a node `ranges` placed) that holds every node
        of `changed` (it may be one of them; all `needed`), placed; None if there is none."""
        top = self._tops.get(id(node))
        region = self._regions.get(id(top)) if top is not None else None
        if region is None:
            return None
        for statement in self.hints.get(id(node), ()):
            placed = self._place(top, statement, region)
            if placed is not None and all(n in placed.ranges for n in changed):
                return placed
        return None

    def _place(self, top: cst.BaseStatement, statement: cst.CSTNode, region: tuple[int, int]) -> Placed | None:
        key = id(statement)
        if key in self._placed:
            return self._placed[key]
        found = None
        indents = self._nested(top).get(key)
        if indents is not None:
            state = PositionState(self.module.default_indent, self.module.default_newline)
            state.indent_tokens = list(indents)
            statement._codegen(state)
            code = "".join(state.tokens)
            start = self._only_line_start(code, *region)
            if start is not None:
                ranges = state.computed
                if self.needed is not None:
                    ranges = {node: where for node, where in ranges.items() if node in self.needed}
                found = Placed(statement, start, code, indents, bisect.bisect_right(self.line_starts, start) - 1, ranges)
        self._placed[key] = found
        return found

    def _only_line_start(self, code: str, start: int, end: int) -> int | None:
        """The offset of the one occurrence of `code` at a line start in text[start:end]; None
        if there is none or more than one."""
        found = None
        at = self.text.find(code, start, end)
        while at >= 0:
            line = bisect.bisect_right(self.line_starts, at) - 1
            if self.line_starts[line] == at:
                if found is not None:
                    return None
                found = at
            at = self.text.find(code, at + 1, end)
        return found

    def _nested(self, top: cst.BaseStatement) -> dict[int, tuple[str, ...]]:
        """Every statement in an indented block of `top`, with the indents of the blocks
        around it (what libcst's code generation has pushed when it reaches it)."""
        found = self._indents.get(id(top))
        if found is None:
            found = self._indents[id(top)] = {}
            default = self.module.default_indent
            stack: list[tuple[cst.CSTNode, tuple[str, ...]]] = [(top, ())]
            while stack:
                statement, indents = stack.pop()
                for block in _blocks(statement):
                    inner = (*indents, default if block.indent is None else block.indent)
                    for child in block.body:
                        found[id(child)] = inner
                        stack.append((child, inner))
        return found


def _blocks(statement: cst.CSTNode) -> list[cst.IndentedBlock]:
    """The indented blocks of a compound statement's clauses (body, `elif`s, `else`, `except`s,
    `finally`, `case`s), not those of the statements in them."""
    out = []
    parts = [statement] if isinstance(statement, cst.BaseCompoundStatement) else []
    while parts:
        part = parts.pop()
        body = getattr(part, "body", None)
        if isinstance(body, cst.IndentedBlock):
            out.append(body)
        for name in ("orelse", "finalbody"):
            clause = getattr(part, name, None)
            if clause is not None:
                parts.append(clause)
        parts.extend(getattr(part, "handlers", ()))
        parts.extend(getattr(part, "cases", ()))
    return out


def _regions(module: cst.Module, text: str, outline: tuple[tuple[int, str], ...], line_starts: list[int]) -> dict[int, tuple[int, int]]:
    """The text offsets from the line each compound module-level statement starts on to the
    line the next starts on, by id; {} where libcst's statements and `ast`'s do not match one
    for one (a `;` line is one libcst statement of several `ast` ones)."""
    tops = []
    index = 0
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            kinds = outline[index:index + len(statement.body)]
            if len(kinds) != len(statement.body) or any(kind in _COMPOUND_KINDS for _, kind in kinds):
                return {}
            index += len(kinds)
        else:
            kinds = _KINDS.get(type(statement))
            if kinds is None or index >= len(outline) or outline[index][1] not in kinds:
                return {}
            tops.append((statement, index))
            index += 1
    if index != len(outline):
        return {}
    regions = {}
    for statement, at in tops:
        if statement is module.body[-1] and not module.has_trailing_newline:
            continue  # libcst leaves its last newline off the module's code: the text ends earlier
        first = outline[at][0]
        after = outline[at + 1][0] if at + 1 < len(outline) else None
        if not 1 <= first <= len(line_starts) or after is not None and not first < after <= len(line_starts):
            return {}
        regions[id(statement)] = (line_starts[first - 1], line_starts[after - 1] if after is not None else len(text))
    return regions
