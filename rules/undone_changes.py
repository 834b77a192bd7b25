"""Changes to an outer container that a `finally` undoes: the container is left as found.

A mutation of a container from outside the trace runs only while the trace is built (ACC406):
the calls a cached run skips would have changed it again. That loses nothing when the function
undoes the change on every path, so that no run leaves a trace of it: equinox's

    _currently_initialising.add(wrapper)
    try:
        ...
    finally:
        _currently_initialising.remove(wrapper)

Each run, eager or traced, leaves the set as it found it, so a cached call skipping both halves
changes nothing. The undo must be a statement of the `finally` of a `try` that holds the change
in its body or comes right after it, on the same container and item (the pairs are the data's
`[io] undone_by`); an undo a `return` can skip, one under an `if`, or one of another item,
leaves the change behind and stays reported. The run: benchmarks/framework_runs.py
`jax_trace_time_writes_that_change_nothing`.
"""

from __future__ import annotations

import libcst as cst

from acclint.lint.rule import RuleContext
from acclint.rules.tables import apis

# A change: (container, how, item), each spelt as in the source; `how` is the method called,
# "[]=" for an item set and "del" for an item deleted; the item is None for a call with no
# arguments (`stack.pop()`).
Change = tuple[str, str, "str | None"]


def undone_in_finally(node: cst.CSTNode, ctx: RuleContext) -> bool:
    """Whether the change `node` (a mutating call standing as a statement, an item assignment
    or deletion) is half of a pair a `try`'s `finally` closes: the change in the `try`'s body
    or right before it, its undo a statement of the `finally`."""
    if isinstance(node, cst.Call) and not isinstance(ctx.parent, cst.Expr):
        return False  # a call whose result is used is no statement of its own
    small, above = (ctx.parent, ctx.ancestors[:-1]) if isinstance(node, cst.Call) else (node, ctx.ancestors)
    if len(above) < 2 or not isinstance(above[-1], cst.SimpleStatementLine):
        return False
    change = _change(small, ctx)
    if change is None:
        return False
    line, block, owner = above[-1], above[-2], above[-3] if len(above) > 2 else None
    if isinstance(owner, cst.Finally) and len(above) > 4 and isinstance(above[-4], cst.Try):
        undone = above[-4]
        if any(_undoes(done, change) for done in _changes([*_statements(undone.body), *_beside(undone, above[-5], -1)], ctx)):
            return True
    tries = [t for t in (*_beside(line, block, 1), owner if isinstance(owner, cst.Try) and owner.body is block else None) if isinstance(t, cst.Try)]
    return any(_undoes(change, undo) for t in tries if t.finalbody for undo in _changes(_statements(t.finalbody.body), ctx))


def _statements(block: cst.CSTNode) -> list[cst.CSTNode]:
    """The statements of a block, or of a function's body (the walk's ancestors hold the
    function, not its body's block)."""
    body = getattr(block, "body", None)
    if isinstance(body, cst.BaseSuite):
        body = body.body
    return list(body) if isinstance(body, (list, tuple)) else []


def _beside(line: cst.CSTNode, block: cst.CSTNode, step: int) -> list[cst.CSTNode]:
    """The statement right after (`step` 1) or before (-1) `line` in `block`, if any."""
    statements = _statements(block)
    at = next((i for i, s in enumerate(statements) if s is line), None)
    return [statements[at + step]] if at is not None and 0 <= at + step < len(statements) else []


def _changes(lines: list[cst.CSTNode], ctx: RuleContext) -> list[Change]:
    """The changes the simple statements among `lines` make."""
    return [
        change for line in lines if isinstance(line, cst.SimpleStatementLine)
        for change in (_change(small, ctx) for small in line.body) if change is not None
    ]


def _change(small: cst.CSTNode, ctx: RuleContext) -> Change | None:
    """`c.add(x)` as (c, "add", x); `c[k] = v` as (c, "[]=", k); `del c[k]` as (c, "del", k)."""
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Attribute):
        call = small.value
        item = ctx.code_for(call.args[0].value) if call.args and call.args[0].keyword is None and not call.args[0].star else None
        return ctx.code_for(call.func.value), call.func.attr.value, item
    target = small.targets[0].target if isinstance(small, cst.Assign) and len(small.targets) == 1 else small.target if isinstance(small, cst.Del) else None
    if isinstance(target, cst.Subscript) and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index):
        return ctx.code_for(target.value), "[]=" if isinstance(small, cst.Assign) else "del", ctx.code_for(target.slice[0].slice.value)
    return None


def _undoes(done: Change, undo: Change) -> bool:
    """Whether `undo` takes back `done`: the same container, a method the data pair with the
    change (`[io] undone_by`), and the same item, or none where the data spell `pop()`."""
    container, how, item = done
    if undo[0] != container:
        return False
    undone_by = apis()["io"]["undone_by"].get(how, [])
    return (undo[1] in undone_by and undo[2] == item and item is not None) or (f"{undo[1]}()" in undone_by and undo[2] is None)
