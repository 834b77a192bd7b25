"""ACC606: a torch.compile'd module's submodule replaced behind `nn.Module.__setattr__`.

torch.compile guards what a compiled module reads of itself (docs/contexts.md, "Hidden inputs"):
set an attribute the ordinary way and the next call recompiles. A submodule, though, is
registered in the module's `_modules`, which the compiled code reads, while a write straight into
the instance `__dict__` (`object.__setattr__(m, "sub", new)`, `m.__dict__["sub"] = new`,
`vars(m)["sub"] = new`) shadows it for eager attribute lookup only. Between two calls of the
compiled module that write is a hidden input: eager code uses the new submodule, the compiled
module keeps the registered one (pytorch/pytorch#197859; `framework_runs.py
torch_submodule_shadowed_through_dict`). The rule is a query on the analyses: the calls and
writes of each scope (module level or one function body; a loop repeats its body) are the events
acclint.analysis.bindings records in program order, judged by acclint.analysis.trace_time; the
object's class is what acclint.analysis.objects says it holds, and a compile is a call applying
the `torch.compile` marker (acclint.analysis.contexts).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator

import libcst as cst

from acclint.analysis.bindings import Event
from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import ClassInfo, FunctionInfo
from acclint.analysis.trace_time import stale_window
from acclint.analysis.walk import module_statement_of, walk_expression
from acclint.frameworks.markers import HOST_LOOPS
from acclint.lint.rule import Rule

Finding = tuple[cst.CSTNode, str, cst.BaseStatement]


class SubmoduleShadowed(Rule):
    """A submodule of a `torch.compile`d module is replaced through the instance `__dict__` between two calls of the compiled module, which keeps calling the registered one.

    What it does:
        Flags `object.__setattr__(model, "sub", new)`, `model.__dict__["sub"] = new` and
        `vars(model)["sub"] = new`, where `model` is bound to an instance of a class of the
        module whose `__init__` sets `self.sub` to a module (a `torch.nn` layer or an instance of
        a class of the module), when a `torch.compile(model)` bound to a name is called before
        the write and again after it, in the program order of the module level or of one
        function (a loop repeats its body). The ordinary assignment `model.sub = new` goes
        through `nn.Module.__setattr__`, which updates the registered submodule: Dynamo's guards
        see it and recompile, so it is not flagged, nor are writes of plain values (an int or a
        float is guarded by value), nor a write before the object's first call (a first compile
        sees it, though code compiled earlier for another object of the class may not).

    Why is this bad:
        `nn.Module` keeps submodules in `_modules`, and the compiled code reads them there;
        a write into the instance `__dict__` shadows the registered submodule for eager
        attribute lookup only. Eager calls use the new submodule, the compiled module silently
        keeps the old one (pytorch/pytorch#197859).

    Example:
        compiled = torch.compile(model)
        compiled(x)
        object.__setattr__(model, "sub", replacement)
        compiled(x)  # still runs the old model.sub

    Use instead:
        compiled = torch.compile(model)
        compiled(x)
        model.sub = replacement  # registered: the next call recompiles
        compiled(x)

    Fix safety:
        No automatic fix: the write may bypass `__setattr__` on purpose (to avoid registering
        the new module's parameters); only its author can tell.
    """

    code = "ACC606"
    name = "compiled-submodule-shadowed"
    contexts = frozenset({HOST_LOOPS})
    VALID = [
        """
import torch

class Wrapper(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.sub = torch.nn.Linear(4, 4)

    def forward(self, x):
        return self.sub(x)

model = Wrapper()
compiled = torch.compile(model)
compiled(torch.ones(4))
model.sub = torch.nn.Linear(4, 4)  # through nn.Module.__setattr__: registered, recompiled
compiled(torch.ones(4))
""",
    ]
    INVALID = [
        """
import torch

class Wrapper(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.sub = torch.nn.Linear(4, 4)

    def forward(self, x):
        return self.sub(x)

model = Wrapper()
compiled = torch.compile(model)
compiled(torch.ones(4))
object.__setattr__(model, "sub", torch.nn.Linear(4, 4))  # expect: ACC606
compiled(torch.ones(4))
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[Finding]:
        imports = analysis.index.imports
        if not any((imports.resolve_dotted(name) or "").startswith("torch") for name in imports.bound_names()):
            return  # no torch: nothing is compiled by torch.compile (a cheap test, on every module)
        if not any(site.decorates is None and _compiles(analysis, site.expr) for site in analysis.index.sites):
            return  # torch.compile applied nowhere (the module index's marker sites)
        for scope, events in analysis.bindings.events_by_scope.items():
            found = _Scope()
            for event in events:
                node = event.node
                if event.kind in ("bind", "local") and isinstance(node, cst.Name) and isinstance(event.value, cst.Call):
                    model = _compiled_module(analysis, event.value)
                    if model is not None:
                        found.compiled[node.value] = model
                elif event.kind == "call" and isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
                    found.calls.setdefault(node.func.value, []).append(event)
                shadowed = _shadowing_write(analysis, event)
                if shadowed is not None:
                    found.writes.append((event, *shadowed))
            yield from self._check_scope(analysis, scope, found)

    def _check_scope(self, analysis: ModuleAnalysis, scope: FunctionInfo | None, found: _Scope) -> Iterator[Finding]:
        """The findings in one scope: the module (`scope` None) or a function body."""
        for write, owner, attr in found.writes:
            cls = analysis.instance_class(owner, scope)
            if cls is None or not _submodule(analysis, cls, attr):
                continue
            for name, model in found.compiled.items():
                window = stale_window(write, found.calls.get(name, []), lambda call: []) if model == owner.value else None
                if window is not None:
                    line = analysis.bindings.line(window[0].node)
                    statement = scope.statement if scope is not None else module_statement_of(analysis.module, write.node)
                    yield (
                        _written(statement, write.node),
                        f"replaces the submodule '{attr}' of '{owner.value}' in its instance __dict__ after '{name}' "
                        f"(torch.compile of '{owner.value}') was called at line {line} and before a later call: the "
                        f"compiled module keeps calling the registered '{attr}'; assign it as '{owner.value}.{attr} = ...'",
                        statement,
                    )
                    break


@dataclass(eq=False)
class _Scope:
    """What one scope does, in its program order (acclint.analysis.bindings' events)."""

    compiled: dict[str, str] = field(default_factory=dict)  # `compiled = torch.compile(model)`: compiled -> model
    calls: dict[str, list[Event]] = field(default_factory=dict)  # `compiled(x)`, by the name called
    writes: list[tuple[Event, cst.Name, str]] = field(default_factory=list)  # (write, object, attribute)


def _compiles(analysis: ModuleAnalysis, call: cst.Call) -> bool:
    """Whether `call` applies torch.compile (the marker a call applies: acclint.analysis.contexts)."""
    found = analysis.applied_marker(call)
    return found is not None and found[0].name == "torch.compile"


def _compiled_module(analysis: ModuleAnalysis, value: cst.Call) -> str | None:
    """`torch.compile(model, ...)` or `torch.compile(...)(model)`: the name compiled."""
    if not value.args or not _compiles(analysis, value):
        return None
    first = value.args[0].value
    return first.value if isinstance(first, cst.Name) else None


def _shadowing_write(analysis: ModuleAnalysis, event: Event) -> tuple[cst.Name, str] | None:
    """(object, attribute) of a write into an instance `__dict__`: `object.__setattr__(m, "a",
    v)`, `m.__dict__["a"] = v`, `vars(m)["a"] = v`."""
    node = event.node
    if event.kind == "call" and analysis.resolve(node.func) == "object.__setattr__" and len(node.args) == 3:
        owner, attr = node.args[0].value, node.args[1].value
        if isinstance(owner, cst.Name) and isinstance(attr, cst.SimpleString):
            return owner, attr.evaluated_value  # type: ignore[return-value]
        return None
    if event.kind != "item" or len(node.slice) != 1:
        return None
    key = node.slice[0].slice
    if not (isinstance(key, cst.Index) and isinstance(key.value, cst.SimpleString)):
        return None
    base = node.value
    if isinstance(base, cst.Attribute) and base.attr.value == "__dict__" and isinstance(base.value, cst.Name):
        return base.value, key.value.evaluated_value  # type: ignore[return-value]
    if (
        isinstance(base, cst.Call) and analysis.resolve(base.func) == "vars" and len(base.args) == 1
        and isinstance(base.args[0].value, cst.Name)
    ):
        return base.args[0].value, key.value.evaluated_value  # type: ignore[return-value]
    return None


def _submodule(analysis: ModuleAnalysis, cls: ClassInfo, attr: str) -> bool:
    """Whether `cls.__init__` sets `self.attr` to a module: a `torch.nn` layer or an instance
    of a class of the module."""
    init = cls.methods.get("__init__")
    me = init.self_name if init is not None else None
    if me is None:
        return False
    for target, value, how in analysis.body(init).flows:
        if (
            how == "=" and isinstance(value, cst.Call) and isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)
            and target.value.value == me and target.attr.value == attr
        ):
            if (analysis.resolve(value.func) or "").startswith("torch.nn.") or analysis.instance_class(value, init) is not None:
                return True
    return False


def _written(statement: cst.BaseStatement, node: cst.CSTNode) -> cst.CSTNode:
    """The write a finding is reported at: the assignment `node` is the target of (an item write's
    event is its target), else `node` itself (a call)."""
    for n in walk_expression(statement):
        if isinstance(n, cst.Assign) and any(t.target is node for t in n.targets) or isinstance(n, (cst.AugAssign, cst.AnnAssign)) and n.target is node:
            return n
    return node
