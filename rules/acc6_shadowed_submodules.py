"""ACC606: a torch.compile'd module's submodule replaced behind `nn.Module.__setattr__`.

torch.compile guards what a compiled module reads of itself (docs/contexts.md, "Hidden inputs"):
set an attribute the ordinary way and the next call recompiles. A submodule, though, is
registered in the module's `_modules`, which the compiled code reads, while a write straight into
the instance `__dict__` (`object.__setattr__(m, "sub", new)`, `m.__dict__["sub"] = new`,
`vars(m)["sub"] = new`) shadows it for eager attribute lookup only. Between two calls of the
compiled module that write is a hidden input: eager code uses the new submodule, the compiled
module keeps the registered one (pytorch/pytorch#197859; `framework_runs.py
torch_submodule_shadowed_through_dict`). Calls and writes are put in program order per scope
(module level or one function body; a loop repeats its body) by acclint.analysis.trace_time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import ClassInfo
from acclint.analysis.trace_time import stale_window
from acclint.analysis.walk import children
from acclint.frameworks.markers import HOST_LOOPS
from acclint.lint.rule import Rule

Finding = tuple[cst.CSTNode, str, cst.BaseStatement]
_LOOPS = (cst.For, cst.While)


@dataclass(frozen=True, eq=False)
class _Placed:
    """A call or a write in one scope's program order (trace_time.Placed)."""

    seq: int
    loops: tuple
    node: cst.CSTNode
    conds: tuple = ()


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
        yield from self._check_scope(analysis, analysis.module, None)
        for fn in analysis.index.by_node.values():
            if isinstance(fn.node, cst.FunctionDef) and fn.statement is not None:
                yield from self._check_scope(analysis, fn.node.body, fn.statement)

    def _check_scope(self, analysis: ModuleAnalysis, body: cst.CSTNode, statement: cst.BaseStatement | None) -> Iterator[Finding]:
        """The findings in one scope: the module (`statement` None: each node's own top-level
        statement) or a function body (`statement`: the function's)."""
        instances: dict[str, ClassInfo] = {}  # `model = Wrapper()`
        compiled: dict[str, str] = {}  # `compiled = torch.compile(model)`: compiled -> model
        calls: dict[str, list[_Placed]] = {}
        writes: list[tuple[_Placed, str, str, cst.BaseStatement]] = []  # (write, object, attribute, its statement)
        for seq, (node, loops, top) in enumerate(_in_order(body)):
            if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
                name, value = node.targets[0].target.value, node.value
                if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in analysis.index.classes:
                    instances[name] = analysis.index.classes[value.func.value]
                elif (model := _compiled_module(analysis, value)) is not None:
                    compiled[name] = model
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
                calls.setdefault(node.func.value, []).append(_Placed(seq, loops, node))
            shadowed = _shadowing_write(analysis, node)
            if shadowed is not None:
                writes.append((_Placed(seq, loops, node), *shadowed, statement or top))
        for write, owner, attr, where in writes:
            cls = instances.get(owner)
            if cls is None or not _submodule(analysis, cls, attr):
                continue
            for name, model in compiled.items():
                window = stale_window(write, calls.get(name, []), lambda call: []) if model == owner else None
                if window is not None:
                    line = analysis.bindings.line(window[0].node)
                    yield (
                        write.node,
                        f"replaces the submodule '{attr}' of '{owner}' in its instance __dict__ after '{name}' "
                        f"(torch.compile of '{owner}') was called at line {line} and before a later call: the "
                        f"compiled module keeps calling the registered '{attr}'; assign it as '{owner}.{attr} = ...'",
                        where,
                    )
                    break


def _compiled_module(analysis: ModuleAnalysis, value: cst.BaseExpression) -> str | None:
    """`torch.compile(model, ...)` or `torch.compile(...)(model)`: the name compiled."""
    if not isinstance(value, cst.Call) or not value.args:
        return None
    if analysis.resolve(value.func) == "torch.compile":
        first = value.args[0].value
    elif isinstance(value.func, cst.Call) and analysis.resolve(value.func.func) == "torch.compile" and not any(
        a.keyword is None for a in value.func.args
    ):
        first = value.args[0].value
    else:
        return None
    return first.value if isinstance(first, cst.Name) else None


def _shadowing_write(analysis: ModuleAnalysis, node: cst.CSTNode) -> tuple[str, str] | None:
    """(object, attribute) of a write into an instance `__dict__`: `object.__setattr__(m, "a",
    v)`, `m.__dict__["a"] = v`, `vars(m)["a"] = v`."""
    if isinstance(node, cst.Call) and analysis.resolve(node.func) == "object.__setattr__" and len(node.args) == 3:
        owner, attr = node.args[0].value, node.args[1].value
        if isinstance(owner, cst.Name) and isinstance(attr, cst.SimpleString):
            return owner.value, attr.evaluated_value  # type: ignore[return-value]
        return None
    if not (isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Subscript)):
        return None
    target = node.targets[0].target
    key = target.slice[0].slice if len(target.slice) == 1 else None
    if not (isinstance(key, cst.Index) and isinstance(key.value, cst.SimpleString)):
        return None
    base = target.value
    if isinstance(base, cst.Attribute) and base.attr.value == "__dict__" and isinstance(base.value, cst.Name):
        return base.value.value, key.value.evaluated_value  # type: ignore[return-value]
    if (
        isinstance(base, cst.Call) and analysis.resolve(base.func) == "vars" and len(base.args) == 1
        and isinstance(base.args[0].value, cst.Name)
    ):
        return base.args[0].value.value, key.value.evaluated_value  # type: ignore[return-value]
    return None


def _submodule(analysis: ModuleAnalysis, cls: ClassInfo, attr: str) -> bool:
    """Whether `cls.__init__` sets `self.attr` to a module: a `torch.nn` layer or an instance
    of a class of the module."""
    init = cls.methods.get("__init__")
    if init is None or not init.params or not isinstance(init.node, cst.FunctionDef):
        return False
    me = init.params[0].name
    for node, _, _ in _in_order(init.node.body):
        if isinstance(node, cst.Assign) and isinstance(node.value, cst.Call):
            for target in node.targets:
                t = target.target
                if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me and t.attr.value == attr:
                    callee = analysis.resolve(node.value.func) or ""
                    if callee.startswith("torch.nn.") or (isinstance(node.value.func, cst.Name) and node.value.func.value in analysis.index.classes):
                        return True
    return False


def _in_order(body: cst.CSTNode) -> Iterator[tuple[cst.CSTNode, tuple, cst.CSTNode]]:
    """Every node of a scope in source order, with the loops around it and the statement of
    `body` it lies in; nested function and class bodies are other scopes."""
    stack = [(child, (), child) for child in reversed(list(children(body)))]
    while stack:
        node, loops, top = stack.pop()
        yield node, loops, top
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        inner = (*loops, node) if isinstance(node, _LOOPS) else loops
        stack.extend((child, inner, top) for child in reversed(list(children(node))))
