"""ACC609: a module's train/eval mode switched after a tracer recorded the branches of the other mode.

torch.jit.trace (and torch.fx.symbolic_trace, for the flag read by the program's own code) runs a module once and records the tensor operations it ran: `nn.Dropout` and
`nn.BatchNorm` read `self.training` in Python while tracing, so the trace holds the code of the
mode the module was in then, and a later `.eval()` sets a flag nothing reads (docs/contexts.md,
"Hidden inputs"). What traces, what switches and the mode a module is made in are data
(`[[recorded_mode]]` in acclint/frameworks/*.toml). The rule is a query on the analyses: the
calls, bindings and attribute writes of each scope are the events acclint.analysis.bindings
records in program order, judged by acclint.analysis.trace_time; an object's class is what
acclint.analysis.objects says it may be.
"""

from __future__ import annotations

from typing import Iterable, Iterator

import libcst as cst

from acclint.analysis.bindings import Event
from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.trace_time import reaches
from acclint.analysis.walk import module_statement_of, walk_all
from acclint.frameworks.markers import HOST_LOOPS, RecordedMode
from acclint.lint.rule import Rule

Finding = tuple[cst.CSTNode, str, cst.BaseStatement]
_BINDS = ("bind", "local")
_NAMES = {True: "training", False: "eval"}


class ModeSwitchedAfterTrace(Rule):
    """A module traced by torch.jit.trace (or by torch.fx.symbolic_trace, where its own code reads the flag) is switched to the other train/eval mode after the trace was recorded, which keeps running the code of the mode it was traced in.

    What it does:
        Flags `.eval()`, `.train()`, `.train(False)` or `.training = False` on a name bound to
        `torch.jit.trace(module, ...)` (or `torch.jit.trace_module`), after that binding and
        with no other between, when the mode it sets is not the one the module was in while
        traced; and `.eval()`/`.train(...)` on an instance of a class of the module whose
        methods keep such a trace in an attribute (`self.drop = torch.jit.trace(nn.Dropout(0.5),
        x)`). The traced mode must be known: a module made there (a capitalised `torch.nn.`
        name or a subclass of `nn.Module` called: training mode), a chain ending in
        `.eval()`/`.train(...)` (`torch.jit.trace(model.eval(), x)`), or a name whose every
        binding or switch reaching the trace says the same. A module handed in as a parameter
        is not followed: it may be in either mode. `torch.fx.symbolic_trace` keeps `torch.nn`
        modules (`nn.Dropout`) as calls that read their flag on each call, so its trace holds a
        mode only when the traced module's class, a base or a class its methods make reads
        `self.training` (`F.dropout(x, training=self.training)`, `if self.training:`; nni#5470).

    Why is this bad:
        The trace records the branches `self.training` took while tracing: a module traced in
        training mode keeps applying dropout and batch statistics after `.eval()`, one traced in
        eval mode never drops out after `.train()` (pytorch/pytorch#24824, #29177). Nothing
        warns.

    Example:
        model = Net()
        traced = torch.jit.trace(model, example)
        traced.eval()  # the trace still applies dropout

    Use instead:
        model = Net().eval()
        traced = torch.jit.trace(model, example)

    Fix safety:
        No automatic fix: whether to trace after the switch, or one trace per mode, is the
        author's choice.
    """

    code = "ACC609"
    name = "mode-switched-after-trace"
    contexts = frozenset({HOST_LOOPS})
    VALID = [
        """
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5))
model.eval()
traced = torch.jit.trace(model, torch.randn(2, 4))
traced.eval()
""",
        """
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5))
traced = torch.jit.trace(model.eval(), torch.randn(2, 4))
model.train()  # the eager model trains; the trace is a module of its own
""",
    ]
    INVALID = [
        """
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5))
traced = torch.jit.trace(model, torch.randn(2, 4))
traced.eval()  # expect: ACC609
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[Finding]:
        for mode in analysis.markers.recorded_modes:
            last = {name.rsplit(".", 1)[-1] for name in mode.makers}
            if not any(
                isinstance(f, cst.Attribute) and f.attr.value in last and analysis.resolve(f) in mode.makers
                for f in analysis.index.call_order
            ):
                continue  # nothing here traces a module (the index's callees: a cheap test)
            scopes = analysis.bindings.events_by_scope
            holders = _holders(analysis, mode, scopes)
            for scope, events in scopes.items():
                yield from _check_scope(analysis, mode, scope, events, holders)


def _check_scope(
    analysis: ModuleAnalysis, mode: RecordedMode, scope: FunctionInfo | None, events: list[Event],
    holders: dict[str, list[tuple[Event, bool]]],
) -> Iterator[Finding]:
    """The switches in one scope that set a traced module (or a holder of traces) to the mode
    its trace was not recorded in."""
    for event in events:
        switch = _switch(mode, event)
        if switch is None:
            continue
        name, new, by_method = switch
        recorded = [
            (bind, traced) for bind in _reaching(mode, events, name, event)
            if bind.kind in _BINDS and _trace_call(analysis, mode, bind.value) is not None
            for traced in [_mode_at(analysis, mode, _traced_module(mode, bind.value), bind, events, scope)]
            if traced is not None and traced != new and _keeps_mode(analysis, mode, _traced_module(mode, bind.value), scope)
        ]
        if not recorded and by_method:
            held = analysis.instance_class(cst.Name(name), scope)
            recorded = [(trace, traced) for trace, traced in holders.get(held.name if held else "", ()) if traced != new]
        if recorded:
            trace, traced = recorded[0]
            statement = scope.statement if scope is not None else module_statement_of(analysis.module, event.node)
            yield (
                event.node,
                f"sets '{name}' to {_NAMES[new]} mode after {_maker(analysis, mode, trace)} recorded it in {_NAMES[traced]} mode "
                f"(line {analysis.bindings.line(trace.node)}): the trace keeps running the {_NAMES[traced]}-mode "
                f"code (dropout, batch-norm statistics); switch the module before tracing it, or trace it again",
                statement,
            )


def _switch(mode: RecordedMode, event: Event) -> tuple[str, bool, bool] | None:
    """(name, mode set, by a method) of a switch of a plain name's mode (`m.eval()`,
    `m.train(False)`, `m.training = False`), or None."""
    node = event.node
    if event.kind == "call" and isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        target, set_to = node.func.value, _call_mode(mode, node)
        return (target.value, set_to, True) if isinstance(target, cst.Name) and set_to is not None else None
    if event.kind == "attr" and event.name == mode.attribute and isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
        value = event.value
        if isinstance(value, cst.Name) and value.value in ("True", "False"):
            return node.value.value, value.value == "True", False
    return None


def _call_mode(mode: RecordedMode, call: cst.Call) -> bool | None:
    """The mode a switch method call sets (`train()`: True, `train(False)`: False, `eval()`:
    False), or None: not a switch, or an argument not spelt as a literal."""
    if not isinstance(call.func, cst.Attribute):
        return None
    default = dict(mode.switches).get(call.func.attr.value)
    if default is None or not call.args:
        return default
    arg = call.args[0].value
    return arg.value == "True" if isinstance(arg, cst.Name) and arg.value in ("True", "False") else None


def _trace_call(analysis: ModuleAnalysis, mode: RecordedMode, value: cst.BaseExpression | None) -> cst.Call | None:
    """`value` when it is a call of one of `mode`'s tracers (`torch.jit.trace(m, x)`)."""
    if isinstance(value, cst.Call) and analysis.resolve(value.func) in mode.makers:
        return value
    return None


def _traced_module(mode: RecordedMode, call: cst.Call) -> cst.BaseExpression | None:
    """The module a tracer call traces: its first argument (`torch.jit.trace(m, x)`,
    `trace_module(m, {...})`), or the one named by a keyword of `mode` (`func=self.eval()`)."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value in mode.keywords:
            return arg.value
    first = call.args[0] if call.args else None
    return first.value if first is not None and first.keyword is None and not first.star else None


def _maker(analysis: ModuleAnalysis, mode: RecordedMode, trace: Event) -> str:
    """The tracer that made the trace `trace` binds (`torch.fx.symbolic_trace`), for messages."""
    call = _trace_call(analysis, mode, trace.value)
    return (analysis.resolve(call.func) if call is not None else None) or sorted(mode.makers)[0]


def _keeps_mode(analysis: ModuleAnalysis, mode: RecordedMode, module: cst.BaseExpression | None, scope: FunctionInfo | None) -> bool:
    """Whether the trace of `module` holds a mode: always for a tracer recording every module's
    branches; for one keeping `mode.leaves` modules as calls (FX), only when the module is an
    instance of a class of this module that reads the flag through `self`, itself, through a base
    of this module or through a class of this module its methods make (`self.drop = MyDrop()`)."""
    if not mode.leaves:
        return True
    while isinstance(module, cst.Call) and isinstance(module.func, cst.Attribute) and _call_mode(mode, module) is not None:
        module = module.func.value  # `Net().eval()`
    cls = analysis.instance_class(module, scope) if module is not None else None
    return cls is not None and _reads_flag(analysis, mode, cls, set())


def _reads_flag(analysis: ModuleAnalysis, mode: RecordedMode, cls, seen: set[str]) -> bool:
    """Whether a method of `cls`, of a base or of a class its methods make (classes of this
    module, each visited once) reads `self.<flag>`."""
    seen.add(cls.name)
    related: list[str] = [b.value for b in cls.bases if isinstance(b, cst.Name)]
    for fn in cls.methods.values():
        for node in walk_all(fn.node):
            if isinstance(node, cst.Attribute) and node.attr.value == mode.attribute and isinstance(node.value, cst.Name) and node.value.value == fn.self_name:
                return True
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
                related.append(node.func.value)
    return any(
        _reads_flag(analysis, mode, other, seen)
        for name in related if name not in seen
        for other in [analysis.index.classes.get(name)] if other is not None
    )


def _reaching(mode: RecordedMode, events: list[Event], name: str, at: Event) -> list[Event]:
    """The bindings and switches of `name` in the scope that reach `at` with no other between."""
    own = [e for e in events if e is not at and (e.kind in _BINDS and e.name == name or (_switch(mode, e) or ("",))[0] == name)]
    return [e for e in own if reaches(e, at, [o for o in own if o is not e])]


def _mode_at(
    analysis: ModuleAnalysis, mode: RecordedMode, module: cst.BaseExpression | None, at: Event,
    events: list[Event], scope: FunctionInfo | None, depth: int = 0,
) -> bool | None:
    """The mode `module` is in where `at` evaluates it, when the scope says (see the rule), else None."""
    if isinstance(module, cst.Call):
        switched = _call_mode(mode, module)
        if switched is not None:
            return switched
        func = module.func
        if isinstance(func, cst.Attribute) and func.attr.value in analysis.markers.returns_self.get("torch.nn.Module", ()):
            return _mode_at(analysis, mode, func.value, at, events, scope, depth)  # `Net().to(device)`
        return mode.initial if _makes_module(analysis, mode, module, scope) else None
    if not isinstance(module, cst.Name) or depth > 3:
        return None
    found = set()
    for e in _reaching(mode, events, module.value, at):
        switch = _switch(mode, e)
        found.add(switch[1] if switch is not None else _mode_at(analysis, mode, e.value, e, events, scope, depth + 1))
    return found.pop() if len(found) == 1 else None


def _makes_module(analysis: ModuleAnalysis, mode: RecordedMode, call: cst.Call, scope: FunctionInfo | None) -> bool:
    """Whether `call` makes a module (in `mode.initial` mode): a capitalised name of one of the
    namespaces (`nn.Dropout(0.5)`), or a class of this module based on one of the classes whose
    `__init__` switches no mode of its own."""
    prefix, _, last = (analysis.resolve(call.func) or "").rpartition(".")
    if last[:1].isupper() and (prefix + ".").startswith(mode.namespaces):
        return True
    cls = analysis.index.classes.get(call.func.value) if isinstance(call.func, cst.Name) else None
    if cls is None or not analysis.types(call, scope) & mode.classes:
        return False  # a factory's call (`load_model()`) may switch the module before returning it
    init = cls.methods.get("__init__")
    events = analysis.bindings.events_by_scope.get(init, ()) if init is not None else ()
    return not any((_switch(mode, e) or ("",))[0] == init.self_name for e in events)  # `self.eval()` in `__init__`


def _holders(
    analysis: ModuleAnalysis, mode: RecordedMode, scopes: dict[FunctionInfo | None, list[Event]],
) -> dict[str, list[tuple[Event, bool]]]:
    """Per class of this module, the traces its methods keep in attributes of `self`
    (`self.drop = torch.jit.trace(nn.Dropout(0.5), x)`), each with the mode it was recorded in."""
    found: dict[str, list[tuple[Event, bool]]] = {}
    for scope, events in scopes.items():
        method = scope.cls if scope is not None else None
        if method is None:
            continue
        for e in events:
            call = _trace_call(analysis, mode, e.value) if e.kind == "attr" else None
            if call is None or not isinstance(e.node, cst.Attribute) or not isinstance(e.node.value, cst.Name):
                continue
            if e.node.value.value != scope.self_name:
                continue
            module = _traced_module(mode, call)
            traced = _mode_at(analysis, mode, module, e, events, scope)
            if traced is not None and _keeps_mode(analysis, mode, module, scope):
                found.setdefault(method.name, []).append((e, traced))
    return found
