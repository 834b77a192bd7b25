"""The kind of a name where an iteration or a truth test reads it: the bindings that reach that read.

The value analysis is flow-insensitive (docs/analysis.md): a name has the most traced kind any
binding in its function gives it. That is not the right answer where a read sees only some of
the bindings, as when iterating a name that the function rebinds to a tensor *after* the
iteration: `shapes = [p.shape for p in preds]` before `preds =
tf.concat(preds, 0)` iterates the Python list of tensors the caller passed, which every framework
iterates in Python. So an iteration asks `kind_where_read`: the name's kind from what it held on
entry (a parameter's kind; nothing for a local) and from the bindings that can run before the
read (earlier in the function, or anywhere in a loop around the read, whose next pass sees them).
A plain assignment to the name in the function's own block before the read always ran, so
what the name held on entry does not reach past it. A truth test asks the same (`if state._graphdef != graphdef:`
in the branch that bound `graphdef` from a static field, not the later `elif` that binds it to
the traced argument).

A parameter whose pytree is used as an array (`x * 2`) is a leaf (`ValueQuery.name_kind`); here
only the uses before the name's first binding speak for the value it was given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import libcst as cst

from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.taint import STATIC, TRACED, TREE, BodyFacts, Kind, ValueQuery, bound_kind, target_names
from acclint.analysis.walk import children, walk_expression

_LOOPS = (cst.For, cst.While)
_BLOCKS = (cst.If, *_LOOPS)


@dataclass(frozen=True)
class Spans:
    """Each node of a function body by id: (its index in source order, the last index within it)."""

    of: dict[int, tuple[int, int]]
    blocks: tuple[cst.CSTNode, ...]  # the `if`s and loops, in source order

    @classmethod
    def of_function(cls, node: cst.CSTNode) -> Spans:
        spans: dict[int, tuple[int, int]] = {}
        blocks: list[cst.CSTNode] = []
        counter = 0

        def visit(current: cst.CSTNode) -> None:  # iterative would obscure the spans; bodies are shallow
            nonlocal counter
            start = counter
            counter += 1
            if type(current) in _BLOCKS:
                blocks.append(current)
            for child in children(current):
                visit(child)
            spans[id(current)] = (start, counter - 1)

        visit(node)
        return cls(spans, tuple(blocks))

    def enclosing(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        """The `if`s and loops around `node`, outermost first: what `kind_where_read` asks of
        its ancestors, for a caller that walked no path down to it."""
        return [block for block in self.blocks if block is not node and self.holds(block, node)]

    def start(self, node: cst.CSTNode) -> int:
        return self.of[id(node)][0]

    def end(self, node: cst.CSTNode) -> int:
        return self.of[id(node)][1]

    def holds(self, outer: cst.CSTNode, inner: cst.CSTNode) -> bool:
        first, last = self.of[id(outer)]
        return first <= self.start(inner) <= last


def kind_where_read(
    read: cst.Name, fn: FunctionInfo, contexts: frozenset[str], body: BodyFacts, query: ValueQuery,
    ancestors: list[cst.CSTNode], spans: Spans, leaf_where_used: bool = False,
) -> Kind:
    """The kind of the value `read` (a use of a name in `fn`'s body, `ancestors` the nodes from
    the body down to it) holds there, in `fn`'s traces of `contexts`, as the module docstring
    says; `query` the values around the read (guards applied). `leaf_where_used`: a pytree the
    function uses as an array where it holds this value is a leaf (`h = inputs; h / len(h)`:
    `len` measures the tensor); an iteration does not ask it (a list handed to `tf.add_n`)."""
    name = read.value
    flows = [f for f in body.flows if name in target_names(f[0], through_subscripts=True)]
    at = spans.start(read)
    loops = [a for a in ancestors if isinstance(a, _LOOPS)]

    # A binding in the other branch of an `if` around the read never ran before it on this
    # pass: `nodes = tf.stack(nodes)` under `if attn:` is not what `len(nodes)` reads under `elif`.
    elsewhere = [other for branch in ancestors if type(branch) is cst.If for other in _other_branches(branch, spans, read)]

    def reaches(flow) -> bool:
        if any(spans.holds(loop, flow[0]) for loop in loops):
            return True  # the loop's next pass sees it
        return spans.end(flow[1]) < at and not any(spans.holds(other, flow[0]) for other in elsewhere)

    # A binding in a statement of the function's own block before the read always ran: what
    # the name held on entry no longer reaches it (`QPos = q.resolve_axis(QPos)`).
    top = fn.node.body.body if isinstance(fn.node, cst.FunctionDef) else ()
    # Only a plain assignment to the name itself replaces it (`x += 1` and `x[0] = y` keep it).
    overwritten = any(
        how == "=" and name in target_names(target) and spans.end(value) < at
        and any(isinstance(s, cst.SimpleStatementLine) and spans.holds(s, target) for s in top)
        for target, value, how in flows
    )
    if all(reaches(f) for f in flows) and not overwritten:
        return query.name_kind(name)  # every binding may have run: the flow-insensitive kind
    kind = STATIC if overwritten else max((fn.traces[c].params.get(name, STATIC) for c in contexts if c in fn.traces), default=STATIC)
    if kind is TREE and name not in body.mapping_uses:
        first = min((spans.end(f[1]) for f in flows), default=None)
        if any(n.value == name and (first is None or spans.start(n) < first) for n in body.array_use_nodes):
            kind = TRACED  # used as an array before any rebinding: the value it was given is a leaf
    for target, value, how in filter(reaches, flows):
        for t, given in query.pairs(target, value, how):
            if name in target_names(t, through_subscripts=True):
                kind = max(kind, bound_kind(t, given, how, kind))
    if leaf_where_used and kind is TREE and name not in body.mapping_uses and any(_same_value(n, at, flows, elsewhere, spans) for n in body.array_use_nodes if n.value == name):
        kind = TRACED  # used as an array where it holds the value read here: it is a leaf
    return kind


def _same_value(use: cst.Name, at: int, flows: list, elsewhere: list[cst.CSTNode], spans: Spans) -> bool:
    """Whether a use of the name holds the value the read at `at` sees: it is not in a branch the
    read cannot follow, and no binding of the name takes effect between the two (a binding takes
    effect at the end of its value: `nodes = f(nodes * 2)` uses the value before it)."""
    if any(spans.holds(other, use) for other in elsewhere):
        return False
    low, high = sorted((spans.start(use), at))
    return not any(
        low < spans.end(value) < high and not any(spans.holds(other, target) for other in elsewhere)
        for target, value, _ in flows
    )


def _other_branches(branch: cst.If, spans: Spans, read: cst.Name) -> tuple[cst.CSTNode, ...]:
    """The parts of `branch` that cannot have run before `read` on the same pass: the `else`
    side where the read is in the body, the body where it is in the `else` side (an `elif` is
    an `If` of its own there, asked in its turn); nothing where the read is in the test."""
    if branch.orelse is None:
        return ()
    if spans.holds(branch.body, read):
        return (branch.orelse,)
    if spans.holds(branch.orelse, read):
        return (branch.body,)
    return ()


def query_where_read(
    node: cst.BaseExpression, fn: FunctionInfo, contexts: frozenset[str], body: BodyFacts, query: ValueQuery,
    ancestors: list[cst.CSTNode] | None, spans_of: Callable[[], Spans], leaf_where_used: bool = False,
) -> ValueQuery:
    """`query` with each name `node` reads given the kind the bindings that reach the read give
    it, where that is less traced: a truth test after `graphdef = state.graphdef` does not see a
    later branch's `graphdef = given`, nor a helper called under `elif` a list its name is
    stacked into under `if`. `ancestors`: the nodes from the body down to `node`, or None for
    the `if`s and loops around it; `spans_of` gives the function's spans, built only if asked."""
    names = [n for n in walk_expression(node) if type(n) is cst.Name and query.name_kind(n.value) > STATIC]
    found: dict[str, Kind] = {}
    for read in names:
        if read.value in found or read.value in query.scoped or not any(read.value in target_names(f[0], through_subscripts=True) for f in body.flows):
            continue
        spans = spans_of()
        if ancestors is None:
            ancestors = spans.enclosing(node)
        kind = kind_where_read(read, fn, contexts, body, query, ancestors, spans, leaf_where_used)
        if kind < query.name_kind(read.value):
            found[read.value] = kind
    # Its kind there is the answer: the function's uses of the name as an array after another
    # binding, or in a branch this read cannot follow, say nothing of the value it sees.
    return query.own_scope(found)
