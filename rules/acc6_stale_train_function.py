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

from dataclasses import dataclass
from typing import Iterable, Iterator

import libcst as cst

from acclint.analysis.arguments import passed
from acclint.analysis.bindings import Event
from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.trace_time import reaches
from acclint.analysis.walk import module_statement_of
from acclint.frameworks.markers import HOST_LOOPS, BuiltState
from acclint.lint.rule import Rule
from acclint.rules.fit_callbacks import hook_writes

Finding = tuple[cst.CSTNode, str, cst.BaseStatement]


class StaleTrainFunction(Rule):
    """An attribute a model's kept train function read when it was built is changed after a build and before a later call that reuses it, with no reset between.

    What it does:
        Flags a write of an attribute listed in a framework's `[[built_state]]` (Keras:
        `trainable`) on a model (an object `[[instances]]` makes, such as `keras.Sequential(...)`),
        on what is reached from it (`model.layers[0].trainable`, `for l in model.layers:
        l.trainable = ...`), or by a module-level function handed the model
        (`make_trainable(model, False)`, or `unfreeze(layer)` in `for layer in model.layers:`:
        reported at that call), when a build method (`fit`, `train_on_batch`) of the
        same model is called before the write and again after it, with no reset method
        (`compile`) on every path between, in the program order of the module level or of one
        function (a loop repeats its body). The later call must see this write's value (no other
        write of the attribute between), and the build may have seen another: a write of the
        literal every write before the build wrote is not flagged (the GAN idiom, whose
        `d.trainable = True` at the top of each pass restores what `d`'s first call traced while
        `d.trainable = False` before the combined model's call is undone before `d`'s next).
        A write before the first build call (before or after `compile()`) is seen by that build
        and is not flagged, nor one followed by `compile()`. The hooks of a callback a build
        call is handed (`fit(callbacks=[Freeze()])`, a list bound to a name, a
        `LambdaCallback(on_epoch_end=f)`; also where the model is made in the call's own
        receiver, `build(layer).fit(..., callbacks=[Ramp(layer)])`) run between its steps after it built the function:
        a write there on the model (the callback's `self.model`, or the fitted model's name) is
        flagged in a hook that runs after each step (`on_epoch_end`, `on_train_batch_end`), and
        under a branch or of a computed value in one whose first call comes before the first
        step (`on_epoch_begin`); `on_train_begin` runs before it and is seen. Such a hook's write
        of an attribute a layer's traced `call` reads through `self` is flagged as well, made
        through the layer the callback was handed at construction (`self.layer.scale = v` with
        `self.layer = layer` in its `__init__`; gradient_reversal_keras_tf#7, keras#4837) or
        through its model (`self.model.layers[0].scale = v`); a `keras.Variable` changed with
        `assign` is read on every step and is not.

    Why is this bad:
        Keras traces the train function once, at the first `fit`/`train_on_batch` after
        `compile()`, with the trainable weights of that time, and reuses it: a model frozen later
        keeps being trained (keras-team/keras#6405; eagerly it stays frozen), also when a
        callback freezes it in the middle of `fit` (keras-team/keras#3268).

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
        """
import keras

class FreezeFirstLayer(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        if epoch == 0:
            self.model.layers[0].trainable = False  # expect: ACC607

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(x, y, epochs=3, callbacks=[FreezeFirstLayer()])
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[Finding]:
        states = analysis.markers.built_state
        packages = {cls.split(".")[0] for state in states for cls in state.classes}
        imports = analysis.index.imports
        if not any((imports.resolve_dotted(name) or "").split(".")[0] in packages for name in imports.bound_names()):
            return  # no model can be made here: the bindings are not built (a cheap test, on every module)
        methods = {m for state in states for m in state.builds}
        if not any(isinstance(f, cst.Attribute) and f.attr.value in methods for f in analysis.index.call_order):
            return  # no call builds a kept train function here (the index's callees: still no bindings)
        scopes = analysis.bindings.events_by_scope
        for state in states:
            for scope, scope_events in scopes.items():
                yield from _check_scope(analysis, state, scope, scope_events, scopes)


@dataclass(frozen=True)
class _Write:
    """A write of a watched attribute of a model: `value` is its literal (`"True"`), or None."""

    event: Event
    owner: str
    attr: str
    value: str | None


_START = Event(-1, "start", "", cst.Pass(), None)  # the scope's entry, before every event of it


def _check_scope(
    analysis: ModuleAnalysis, state: BuiltState, scope: FunctionInfo | None, events: list[Event],
    scopes: dict[FunctionInfo | None, list[Event]],
) -> Iterator[Finding]:
    """The findings of one `[[built_state]]` entry in one scope (`scope` None: the module;
    `scopes`: every scope's events, where a function handed the model writes it).

    A write is stale when a call that may build the trace precedes it and a later call reaches
    it with no reset and no other write of the attribute between (the value that call sees is
    this write's), unless every write the build saw wrote the same literal (a GAN's
    `d.trainable = True` at the top of each pass restores what `d`'s first call traced)."""
    calls: dict[str, dict[str, list[Event]]] = {}  # object -> "build"/"reset" -> calls
    writes: list[_Write] = []
    for event in events:
        node = event.node
        if event.kind == "call" and isinstance(node, cst.Call):
            func = node.func
            role = (
                ("build" if func.attr.value in state.builds else "reset" if func.attr.value in state.resets else None)
                if isinstance(func, cst.Attribute) else None
            )
            if role is not None and isinstance(func.value, cst.Name) and _is_model(analysis, state, func.value, scope):
                calls.setdefault(func.value.value, {}).setdefault(role, []).append(event)
                if role == "build":
                    yield from _callback_findings(analysis, state, node, scope, scopes)
            elif role == "build" and isinstance(func.value, cst.Call) and _is_model(analysis, state, func.value, scope):
                # `build(layer).fit(..., callbacks=[...])`: a model no name keeps, whose callbacks still run between its steps
                yield from _callback_findings(analysis, state, node, scope, scopes)
            writes += [_Write(event, *handed) for handed in _handed_writes(analysis, state, node, scope, scopes, event.loops)]
        elif event.kind == "attr" and event.name in state.attributes and isinstance(node, cst.Attribute):
            owner = _owner(node, event.loops)
            if owner is not None and _is_model(analysis, state, cst.Name(owner), scope):
                writes.append(_Write(event, owner, event.name, _literal(event.value)))
    for write in writes:
        found = calls.get(write.owner, {})
        window = _stale(write, found.get("build", []), found.get("reset", []), writes)
        if window is not None:
            line = analysis.bindings.line(window.node)
            statement = scope.statement if scope is not None else module_statement_of(analysis.module, write.event.node)
            yield (
                write.event.node,
                f"changes '{write.attr}' of '{write.owner}' after its train function was built by the call at line "
                f"{line} and before a later call reuses it: the change is ignored until '{write.owner}' is compiled "
                f"again; call {'/'.join(sorted(state.resets))}() after it",
                statement,
            )


def _callback_findings(
    analysis: ModuleAnalysis, state: BuiltState, call: cst.Call, scope: FunctionInfo | None,
    scopes: dict[FunctionInfo | None, list[Event]],
) -> Iterator[Finding]:
    """The writes the hooks of the callbacks `call` is handed make after a step (rules/fit_callbacks.py)."""
    for write, hook in hook_writes(analysis, state, call, scope, scopes):
        yield (
            write.node,
            f"changes '{write.name}' in '{hook}', a hook that the call at line {analysis.bindings.line(call)} runs between "
            "training steps after it built its train function: the change is ignored for the rest of that call; end the "
            f"call there and call {'/'.join(sorted(state.resets))}() before training on",
            module_statement_of(analysis.module, write.node),
        )


def _stale(write: _Write, calls: list[Event], resets: list[Event], writes: list[_Write]) -> Event | None:
    """The build call `write` is stale after (see `_check_scope`), or None."""
    same = [w for w in writes if w.owner == write.owner and w.attr == write.attr]
    others = [w.event for w in same if w is not write]
    hits = [h for h in calls if reaches(write.event, h, [*resets, *others])]
    if not hits:
        return None
    for build in calls:
        if not _may_build(build, calls, resets) or not reaches(build, write.event, resets):
            continue
        seen = [w.value for w in same if reaches(w.event, build, [x.event for x in same if x is not w])]
        if reaches(_START, build, [w.event for w in same]):
            seen.append(None)  # reached with none of these writes: the value the model was made with
        if write.value is None or any(v != write.value for v in seen):
            return build
    return None


def _may_build(call: Event, calls: list[Event], resets: list[Event]) -> bool:
    """Whether `call` may be the first since the scope's entry or a reset: no other call runs on
    every path to it (the second `train_on_batch` of a loop body never builds)."""
    others = [c for c in calls if c is not call]
    return any(reaches(start, call, others) for start in [_START, *resets])


def _literal(value: cst.BaseExpression | None) -> str | None:
    """`True`/`False` (or another literal) as written, else None: a value not known here."""
    if isinstance(value, cst.Name) and value.value in ("True", "False", "None") or isinstance(value, (cst.Integer, cst.SimpleString)):
        return value.value  # type: ignore[union-attr]
    return None


def _is_model(analysis: ModuleAnalysis, state: BuiltState, expr: cst.BaseExpression, scope: FunctionInfo | None) -> bool:
    return bool(analysis.types(expr, scope) & state.classes)


def _owner(target: cst.Attribute, loops: tuple) -> str | None:
    """The name a written attribute hangs from: `m` of `m.trainable` and `m.layers[0].trainable`,
    and of `l.trainable` in `for l in m.layers:` around the write."""
    return _through_loops(_root(target.value), loops)


def _through_loops(name: str | None, loops: tuple) -> str | None:
    """The name `name` stands for: the root of what a `for name in m.layers:` among `loops` iterates."""
    for loop in reversed(loops):
        if isinstance(loop, cst.For) and isinstance(loop.target, cst.Name) and loop.target.value == name:
            return _root(loop.iter)
    return name


def _root(expr: cst.BaseExpression) -> str | None:
    while isinstance(expr, (cst.Attribute, cst.Subscript)):
        expr = expr.value
    return expr.value if isinstance(expr, cst.Name) else None


def _handed_writes(
    analysis: ModuleAnalysis, state: BuiltState, call: cst.Call, scope: FunctionInfo | None,
    scopes: dict[FunctionInfo | None, list[Event]], loops: tuple,
) -> list[tuple[str, str, str | None]]:
    """(model, attribute, literal value) of each watched attribute a call of a module-level
    function writes on a model handed to it (`make_trainable(net, val)` setting `net.trainable =
    val`: the value is the argument given for `val`, or its default), or on what is reached from
    it, handed through a loop around the call (`for layer in model.layers: freeze(layer)`)."""
    if not isinstance(call.func, cst.Name):
        return []
    fn = analysis.index.functions.get(call.func.value)
    if fn is None or fn.cls is not None or not isinstance(fn.node, cst.FunctionDef):
        return []
    given = passed(call, fn, defaults=True)
    found: dict[tuple[str, str], str | None] = {}
    for e in scopes.get(fn, ()):
        if e.kind != "attr" or e.name not in state.attributes or not isinstance(e.node, cst.Attribute):
            continue
        model = given.get(_owner(e.node, e.loops) or "")
        if isinstance(model, cst.Name):
            model = cst.Name(_through_loops(model.value, loops) or model.value)
        if isinstance(model, cst.Name) and _is_model(analysis, state, model, scope):
            value = e.value
            if isinstance(value, cst.Name) and value.value in given:
                value = given[value.value]  # `net.trainable = val`: what the call gives `val`
            key, literal = (model.value, e.name), _literal(value)
            found[key] = literal if found.get(key, literal) == literal else None  # two values: not known
    return [(*key, literal) for key, literal in found.items()]
