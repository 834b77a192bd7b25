"""State a compiled callable changes on every call that its guards read: module-level lists and ints,
and module attributes, stepped across calls.
"""

from __future__ import annotations

from functools import cached_property

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.module_counters import GROWING_METHODS, grown_lists, stepped_counters
from acclint.analysis.scopes import ClassInfo, FunctionInfo
from acclint.analysis.walk import walk_all
from acclint.analysis.loop_helpers import _STEPS, _nodes, _target_names, declared_globals


class SteppedState:
    """`LoopFacts`' part: state a compiled callable changes on every call that its guards read:
    module-level lists and ints, and module attributes, stepped across calls. Unlike the other
    parts, an object of its own: it reads only the module (its index and its resolved names),
    none of the walk's tables, and `LoopFacts` asks it six questions (`_jitted`'s guards,
    `_key_changes`' float globals)."""

    def __init__(self, analysis: ModuleAnalysis) -> None:
        self.analysis = analysis

    def grown_globals(self, fn: FunctionInfo) -> tuple[str, ...]:
        """Module-level lists (bound once to a list display) the function grows on every call
        (`mylist.append(x)`): Dynamo guards on a global list's length, so each call's new length
        compiles again."""
        if isinstance(fn.node, cst.Lambda):
            return ()
        nodes = list(_nodes(fn.node.body))
        local = {p.name for p in fn.params} | {
            t.target.value for n in nodes if isinstance(n, cst.Assign) for t in n.targets if isinstance(t.target, cst.Name)
        }
        grown = []
        for node in nodes:
            if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in GROWING_METHODS):
                continue
            owner = node.func.value
            if isinstance(owner, cst.Name) and owner.value not in local:
                values = self.analysis.index.module_values.get(owner.value, [])
                if len(values) == 1 and isinstance(values[0], cst.List):
                    grown.append(owner.value)
        return tuple(dict.fromkeys(grown))

    def global_reads(self, fn: FunctionInfo) -> frozenset[str]:
        """Module-level names the function reads and does not bind itself, and the attributes
        it reads of them (`CONFIG.step`, as written): Dynamo guards both by value."""
        if isinstance(fn.node, cst.Lambda):
            return frozenset()
        nodes = list(_nodes(fn.node.body))
        local = {p.name for p in fn.params} | set().union(*(_target_names(n) for n in nodes if isinstance(n, (cst.Assign, cst.AugAssign))))
        names = {n.value for n in nodes if isinstance(n, cst.Name) and n.value in self.analysis.index.module_values and n.value not in local}
        chains = {
            self.analysis.module.code_for_node(n).strip() for n in nodes
            if isinstance(n, cst.Attribute) and isinstance(n.value, cst.Name) and n.value.value in names
        }
        return frozenset(names | chains)

    def stepped_globals(self, fn: FunctionInfo) -> tuple[str, ...]:
        """Module-level ints the function declares `global` and steps by an integer on every
        call (`global calls; calls += 1`): Dynamo replays the write and guards the int by value,
        so every call compiles again (benchmarks/torch_docs g9: 8 compiles in 10 calls)."""
        if isinstance(fn.node, cst.Lambda):
            return ()
        nodes = list(_nodes(fn.node.body))
        declared = declared_globals(fn)
        return tuple(dict.fromkeys(
            node.target.value for node in nodes
            if isinstance(node, cst.AugAssign) and isinstance(node.operator, _STEPS) and isinstance(node.target, cst.Name)
            and node.target.value in declared and isinstance(node.value, cst.Integer)
            and all(isinstance(v, cst.Integer) for v in self.analysis.index.module_values.get(node.target.value, [None]))
        ))

    @cached_property
    def float_assigned(self) -> frozenset[str]:
        """The names some assignment of the module evidently makes a float (a float literal, a
        true division, `float(...)`, a `math`/NumPy call): Dynamo compiles a float global a
        second time dynamic in it, not once per value (docs/contexts.md). One walk per module."""
        found: set[str] = set()
        for node in walk_all(self.analysis.module):
            if isinstance(node, cst.Assign) and any(self._floating(part) for part in walk_all(node.value)):
                found.update(t.target.value for t in node.targets if isinstance(t.target, cst.Name))
                # an attribute by its name (`self.temperature = 1.0`, `model.temperature = t`)
                found.update(f".{t.target.attr.value}" for t in node.targets if isinstance(t.target, cst.Attribute))
        return frozenset(found)

    def _floating(self, part: cst.CSTNode) -> bool:
        callee = self.analysis.resolve(part.func) if isinstance(part, cst.Call) else None
        return isinstance(part, (cst.Float, cst.Divide)) or (
            callee is not None and (callee == "float" or callee.startswith(("math.", "numpy.")))
        )

    def stepped_attributes(self, cls: ClassInfo) -> tuple[str, ...]:
        """Int attributes a call steps on every call (`self.step += 1`, with `self.step = 0` in
        `__init__`), in `forward` or what it runs of the module and its submodules
        (acclint.analysis.module_counters): Dynamo specialises ints (a float attribute stepped
        so compiles twice, the second time dynamic)."""
        return stepped_counters(cls, self.analysis.index.classes)

    def grown_attributes(self, cls: ClassInfo) -> tuple[str, ...]:
        """List attributes a call grows on every call (`self.feats.append(h)`, with `self.feats
        = []` in `__init__`), as `stepped_attributes` reads the call: Dynamo guards a list's
        length (acclint.analysis.module_counters)."""
        return grown_lists(cls, self.analysis.index.classes)


def emptied_lists(region: cst.CSTNode | None, roots: set[str | None]) -> set[str]:
    """The attributes of the objects `roots` names that code in `region` empties: `m.buf.clear()`,
    `m.buf = []`, `del m.buf[:]`, `m.buf[:] = []` (also of a submodule, `m.enc.buf.clear()`). A
    list a forward grows, emptied between its calls, has a bounded length for its guard (torch
    2.13, backend="eager", 10 calls: each of these, before or after the call, through the module
    or the compiled name, 1 graph; none, 8). Only code that runs each time counts: a reset under
    an `if` (`if step % 100 == 0: m.buf.clear()`) lets the length grow between two of them."""
    found: set[str] = set()
    body = getattr(region, "body", None)  # none in a comprehension or a lambda
    for node in _run_each_time(body) if isinstance(body, cst.BaseSuite) else ():
        held: cst.BaseExpression | None = None
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "clear" and not node.args:
            held = node.func.value
        elif isinstance(node, cst.Assign) and _empty_list(node.value):
            for target in node.targets:
                found |= _attribute_of(_whole_slice_of(target.target) or target.target, roots)
        elif isinstance(node, cst.Del):
            held = _whole_slice_of(node.target)
        if held is not None:
            found |= _attribute_of(held, roots)
    return found


def _run_each_time(body: cst.BaseSuite):
    """The small statements and their nodes that run each time `body` does: not under an `if`, a
    loop, a `try` or a nested `def`; a `with` block's run."""
    statements = body.body if isinstance(body, cst.IndentedBlock) else [body]
    for statement in statements:
        if isinstance(statement, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            for small in statement.body:
                yield from walk_all(small)
        elif isinstance(statement, cst.With):
            yield from _run_each_time(statement.body)


def _empty_list(value: cst.BaseExpression) -> bool:
    return isinstance(value, cst.List) and not value.elements or (
        isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == "list" and not value.args
    )


def _whole_slice_of(expr: cst.BaseExpression) -> cst.BaseExpression | None:
    """`xs` of `xs[:]`, else None."""
    if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Slice):
        part = expr.slice[0].slice
        if part.lower is None and part.upper is None and part.step is None:
            return expr.value
    return None


def _attribute_of(expr: cst.BaseExpression, roots: set[str | None]) -> set[str]:
    """{`buf`} of `m.buf` or `m.enc.buf` where `m` is one of `roots`, else none."""
    if not isinstance(expr, cst.Attribute):
        return set()
    root: cst.BaseExpression = expr.value
    while isinstance(root, cst.Attribute):
        root = root.value
    return {expr.attr.value} if isinstance(root, cst.Name) and root.value in roots else set()
