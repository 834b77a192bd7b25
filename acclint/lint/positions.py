"""Where each node of a generated statement lies: libcst's syntactic positions, made cheaper.

Placing findings generates the code of the module-level statements that hold them (see
acclint.lint.engine._positions), and in a file where every function is traced that is the whole
file: libcst's `PositionProvidingCodegenState` then costs about as much as the parse (it splits
every token with a regular expression, makes two `CodePosition`s a node and enters a
generator-based context manager for every node with a syntactic position). `PositionState`
computes the same ranges, exactly as that state does (tests/test_positions.py compares them on
every kind of node), as plain `((line, column), (line, column))` tuples.
"""

from __future__ import annotations

from libcst import CSTNode
from libcst._nodes.internal import CodegenState
from libcst.metadata.position_provider import NEWLINE_RE

Range = tuple[tuple[int, int], tuple[int, int]]


class _Recording:
    """The context manager `record_syntactic_position` returns (a class: a generator-based one
    costs more, and a node enters one for each of its positions)."""

    __slots__ = ("state", "node", "start_node", "end_node", "start")

    def __init__(self, state: PositionState, node: CSTNode, start_node: CSTNode | None, end_node: CSTNode | None) -> None:
        self.state, self.node, self.start_node, self.end_node = state, node, start_node, end_node

    def __enter__(self) -> None:
        self.start = (self.state.line, self.state.column)

    def __exit__(self, *exc: object) -> None:
        state = self.state
        computed = state.computed
        start = computed[self.start_node][0] if self.start_node is not None else self.start
        end = computed[self.end_node][1] if self.end_node is not None else (state.line, state.column)
        computed[self.node] = (start, end)


class PositionState(CodegenState):
    """A codegen state that records the syntactic range of every node it generates, as
    libcst's PositionProvidingCodegenState does, in `computed`."""

    def __init__(self, default_indent: str, default_newline: str) -> None:
        super().__init__(default_indent, default_newline)
        self.computed: dict[CSTNode, Range] = {}
        self.line = 1  # one-indexed
        self.column = 0  # zero-indexed
        self._starts: list[tuple[int, int]] = []

    def add_indent_tokens(self) -> None:
        for token in self.indent_tokens:
            self.add_token(token)

    def add_token(self, value: str) -> None:
        self.tokens.append(value)
        if "\n" in value or "\r" in value:
            segments = NEWLINE_RE.split(value)
            self.line += len(segments) - 1
            self.column = len(segments[-1])
        else:
            self.column += len(value)

    def before_codegen(self, node: CSTNode) -> None:
        self._starts.append((self.line, self.column))

    def after_codegen(self, node: CSTNode) -> None:
        start = self._starts.pop()
        if node not in self.computed:  # a syntactic position recorded already stands
            self.computed[node] = (start, (self.line, self.column))

    def record_syntactic_position(
        self, node: CSTNode, *, start_node: CSTNode | None = None, end_node: CSTNode | None = None
    ) -> _Recording:
        return _Recording(self, node, start_node, end_node)
