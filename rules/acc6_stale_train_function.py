"""ACC607: an attribute a framework's kept trace read when it was built, changed before it is reused.

Keras builds a model's train function (a traced `tf.function` of `train_step`) at the first
`fit`/`train_on_batch` after `compile()` and replays it until `compile()` is called again; it
reads `trainable` while it is built (docs/contexts.md, "Hidden inputs"). What builds, what
resets and what is read are data (`[[built_state]]` in acclint/frameworks/*.toml). The rule is a
query on the analyses: the calls and attribute writes of each scope are the events
acclint.analysis.bindings records in program order, judged by acclint.analysis.trace_time; an
object's class is what acclint.analysis.objects says it may be.
"""

from __future__ import annotations

from typing import Iterable, Iterator

import libcst as cst

from acclint.analysis.bindings import Event
from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.trace_time import stale_window
from acclint.analysis.walk import module_statement_of
from acclint.frameworks.markers import HOST_LOOPS, BuiltState
from acclint.lint.rule import Rule

Finding = tuple[cst.CSTNode, str, cst.BaseStatement]


class StaleTrainFunction(Rule):
    """An attribute a model's kept train function read when it was built is changed after a build and before a later call that reuses it, with no reset between.

    What it does:
        Flags a write of an attribute listed in a framework's `[[built_state]]` (Keras:
        `trainable`) on a model (an object `[[instances]]` makes, such as `keras.Sequential(...)`),
        on what is reached from it (`model.layers[0].trainable`, `for l in model.layers:
        l.trainable = ...`), or by a module-level function handed the model
        (`make_trainable(model, False)`), when a build method (`fit`, `train_on_batch`) of the
        same model is called before the write and again after it, with no reset method
        (`compile`) on every path between, in the program order of the module level or of one
        function (a loop repeats its body). A write before the first build call (before or after
        `compile()`) is seen by that build and is not flagged, nor one followed by `compile()`.

    Why is this bad:
        Keras traces the train function once, at the first `fit`/`train_on_batch` after
        `compile()`, with the trainable weights of that time, and reuses it: a model frozen later
        keeps being trained (keras-team/keras#6405; eagerly it stays frozen).

    Example:
        model.compile(optimizer="sgd", loss="mse")
        model.fit(x, y)
        model.trainable = False
        model.fit(x, y)  # still updates every weight

    Use instead:
        model.compile(optimizer="sgd", loss="mse")
        model.fit(x, y)
        model.trainable = False
        model.compile(optimizer="sgd", loss="mse")  # a new train function reads `trainable`
        model.fit(x, y)

    Fix safety:
        No automatic fix: compiling again resets the optimizer's state and the metrics; only the
        author can tell where it belongs.
    """

    code = "ACC607"
    name = "stale-train-function"
    contexts = frozenset({HOST_LOOPS})
    VALID = [
        """
import keras

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
model.compile(optimizer="sgd", loss="mse")
model.fit(x, y)
model.trainable = False
model.compile(optimizer="sgd", loss="mse")
model.fit(x, y)
""",
    ]
    INVALID = [
        """
import keras

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
model.compile(optimizer="sgd", loss="mse")
model.fit(x, y)
model.trainable = False  # expect: ACC607
model.fit(x, y)
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[Finding]:
        states = analysis.markers.built_state
        if not states:
            return
        scopes: dict[FunctionInfo | None, list[Event]] = {}
        for event in analysis.bindings.events:
            scope = event.scope
            if event.in_class or scope is not None and not isinstance(scope.node, cst.FunctionDef):
                continue  # a class body's or a lambda's code: not in one scope's program order
            scopes.setdefault(scope, []).append(event)
        for state in states:
            for scope, events in scopes.items():
                yield from _check_scope(analysis, state, scope, events)


def _check_scope(analysis: ModuleAnalysis, state: BuiltState, scope: FunctionInfo | None, events: list[Event]) -> Iterator[Finding]:
    """The findings of one `[[built_state]]` entry in one scope (`scope` None: the module)."""
    calls: dict[str, dict[str, list[Event]]] = {}  # object -> "build"/"reset" -> calls
    writes: list[tuple[Event, str]] = []  # (write, object)
    for event in events:
        node = event.node
        if event.kind == "call" and isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and _is_model(analysis, state, func.value, scope):
                role = "build" if func.attr.value in state.builds else "reset" if func.attr.value in state.resets else None
                if role is not None:
                    calls.setdefault(func.value.value, {}).setdefault(role, []).append(event)
            writes += [(event, owner) for owner in _handed_models(analysis, state, node, scope)]
        elif event.kind == "attr" and event.name in state.attributes and isinstance(node, cst.Attribute):
            owner = _owner(node, event.loops)
            if owner is not None and _is_model(analysis, state, cst.Name(owner), scope):
                writes.append((event, owner))
    for write, owner in writes:
        found = calls.get(owner, {})
        resets = found.get("reset", [])
        window = stale_window(write, found.get("build", []), lambda call: resets)
        if window is not None:
            line = analysis.bindings.line(window[0].node)
            statement = scope.statement if scope is not None else module_statement_of(analysis.module, write.node)
            attrs = "/".join(sorted(state.attributes))
            yield (
                write.node,
                f"changes '{attrs}' of '{owner}' after its train function was built by the call at line {line} "
                f"and before a later call reuses it: the change is ignored until '{owner}' is compiled again; "
                f"call {'/'.join(sorted(state.resets))}() after it",
                statement,
            )


def _is_model(analysis: ModuleAnalysis, state: BuiltState, name: cst.Name, scope: FunctionInfo | None) -> bool:
    return bool(analysis.types(name, scope) & state.classes)


def _owner(target: cst.Attribute, loops: tuple) -> str | None:
    """The name a written attribute hangs from: `m` of `m.trainable` and `m.layers[0].trainable`,
    and of `l.trainable` in `for l in m.layers:` around the write."""
    root = _root(target.value)
    for loop in reversed(loops):
        if isinstance(loop, cst.For) and isinstance(loop.target, cst.Name) and loop.target.value == root:
            return _root(loop.iter)
    return root


def _root(expr: cst.BaseExpression) -> str | None:
    while isinstance(expr, (cst.Attribute, cst.Subscript)):
        expr = expr.value
    return expr.value if isinstance(expr, cst.Name) else None


def _handed_models(analysis: ModuleAnalysis, state: BuiltState, call: cst.Call, scope: FunctionInfo | None) -> list[str]:
    """The models a call of a module-level function hands to a parameter the function writes a
    watched attribute of (`make_trainable(net, val)` setting `net.trainable`)."""
    if not isinstance(call.func, cst.Name):
        return []
    fn = analysis.index.functions.get(call.func.value)
    if fn is None or fn.cls is not None or not isinstance(fn.node, cst.FunctionDef):
        return []
    written = {
        _owner(e.node, e.loops) for e in analysis.bindings.events
        if e.scope is fn and e.kind == "attr" and e.name in state.attributes and isinstance(e.node, cst.Attribute)
    }
    params = [p.name for p in fn.params]
    found = []
    for position, arg in enumerate(call.args):
        param = arg.keyword.value if arg.keyword is not None else params[position] if position < len(params) else None
        if param in written and isinstance(arg.value, cst.Name) and _is_model(analysis, state, arg.value, scope):
            found.append(arg.value.value)
    return found
