"""A stateful module's variable written in a trace that reaches the module by closure.

nnx carries a Module's variables out of `nnx.jit` when the Module is an ARGUMENT of the
transformed function; a Module the function reads from a module-level name (a closure) is no
input, and a write of one of its variables inside the trace stores a tracer in state outside
it: flax 0.12.8 raises TraceContextError, under `nnx.jit` and `jax.jit` alike, for `self.count
.value += 1` in the captured Module's `__call__`, for `self.total.value = ...` in another method
it is called by, and for a Module reached through a captured holder's attribute; the same
Module passed as an argument counts, and a captured Module only read is fine (run:
benchmarks/framework_runs.py nnx_captured_module_writes; flax/flax#4333).
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.module_counters import init_sets
from acclint.analysis.scopes import ClassInfo, FunctionInfo
from acclint.frameworks.markers import CACHED
from acclint.analysis.walk import walk_body


def captured_by(analysis: ModuleAnalysis, method: FunctionInfo) -> str | None:
    """The module-level name through which a traced function runs `method` of a module: a call
    `counter()` (`__call__`) or `counter.add(x)` of a name holding an instance of its class, or
    of a class of this module whose `__init__` keeps one (`self.c = Counter()`) and whose
    method so called calls it (`self.c()`, `self.c.add(x)`); None where no trace does so (every
    such call goes through an argument)."""
    cls = method.cls
    holders = {c: {a for a, v in init_sets(c) if _makes(v, cls)} for c in analysis.index.all_classes}  # type: ignore[arg-type]
    for fn in analysis.index.all_functions:
        if CACHED not in fn.contexts:
            continue
        for node in walk_body(fn.node):
            called = _called(node)
            if called is None or not analysis.bindings.is_module_name(called[0], fn):
                continue
            held = analysis.bindings.instance_class(called[0])
            if held is cls and called[1] == method.name or held is not None and _calls_kept(held, called[1], holders.get(held, set()), method.name):
                return called[0]
    return None


def _called(node: cst.CSTNode) -> tuple[str, str] | None:
    """(`g`, the method run) of a call `g(...)` (`__call__`) or `g.method(...)`."""
    if not isinstance(node, cst.Call):
        return None
    func, name = (node.func.value, node.func.attr.value) if isinstance(node.func, cst.Attribute) else (node.func, "__call__")
    return (func.value, name) if isinstance(func, cst.Name) else None


def _calls_kept(holder: ClassInfo, run: str, kept: set[str], method: str) -> bool:
    """Whether `holder.run` calls `method` of an attribute in `kept` (`self.c()`, `self.c.add(x)`)."""
    body = holder.methods.get(run)
    me = body.self_name if body is not None else None
    if me is None or not kept:
        return False
    for node in walk_body(body.node):  # type: ignore[union-attr]
        if not isinstance(node, cst.Call):
            continue
        func, name = (node.func.value, node.func.attr.value) if isinstance(node.func, cst.Attribute) and method != "__call__" else (node.func, "__call__")
        if name == method and isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == me and func.attr.value in kept:
            return True
    return False


def _makes(value: cst.BaseExpression, cls: ClassInfo) -> bool:
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == cls.name


def written_state(analysis: ModuleAnalysis, fn: FunctionInfo, target: cst.Attribute) -> str | None:
    """The variable of `fn`'s own module a write target names (`self.count.value`, `self.count`),
    where the framework carries it only for a module passed in; None otherwise."""
    owner = fn.self_name
    inner = target.value if target.attr.value == "value" else target
    if not (isinstance(inner, cst.Attribute) and isinstance(inner.value, cst.Name) and inner.value.value == owner):
        return None
    return inner.attr.value if analysis.modules.carried_state(fn.cls, inner.attr.value) else None
