"""The hooks of the callbacks a build call is handed (`fit(callbacks=[...])`), as ACC607 reads them.

Keras runs a callback's hooks on the host between training steps. After the first step the train
function `fit` built is the one every later step reuses, so a hook's write of an attribute that
function read while it was built (`trainable`) is a write after the build, ignored as one between
two `fit` calls is (benchmarks/framework_runs.py keras_fit_callback_writes; keras#3268). Which
keyword hands the callbacks, which classes and makers make them, where a callback holds its model
and which hooks run after a step are data (`[built_state.callbacks]` in keras.toml).
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from acclint.analysis.bindings import Event
from acclint.analysis.fit_hooks import is_callback
from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import NOT_LITERAL, FunctionInfo, literal_value
from acclint.frameworks.markers import BuiltState, Callbacks
from acclint.rules.callback_aliases import held_reads, model_reads


def hook_writes(
    analysis: ModuleAnalysis, state: BuiltState, call: cst.Call, scope: FunctionInfo | None,
    scopes: dict[FunctionInfo | None, list[Event]],
) -> Iterator[tuple[Event, str]]:
    """(write, hook) for each write of a watched attribute of the model `call` trains (a build
    call on a name) that a hook of a callback it is handed makes after a step: every write in a
    hook that runs after each step, and in one whose first call runs before the first step a
    write under a branch or of a value not written as a literal (the same literal on every call
    is what the build saw)."""
    given = state.callbacks
    handed = next((a.value for a in call.args if a.keyword is not None and given is not None and a.keyword.value == given.keyword), None)
    if given is None or handed is None or not isinstance(call.func, cst.Attribute):
        return
    model = call.func.value.value if isinstance(call.func.value, cst.Name) else None  # None: a model no name keeps (`build().fit(...)`)
    for element in _elements(handed, scope, scopes):
        for hook, fn, self_name in _hooks(analysis, given, element, scope):
            held = held_reads(analysis, fn.cls, element, scope) if fn.cls is not None and isinstance(element, cst.Call) else {}
            for event in scopes.get(fn, ()):
                if event.kind != "attr" or not isinstance(event.node, cst.Attribute):
                    continue
                if event.name in _layer_reads(event.node, self_name, held):
                    pass  # `self.layer.hp_lambda = v`: an attribute the held layer's traced `call` read
                elif event.name not in state.attributes and event.name not in model_reads(analysis) or not _on_model(
                    _written(event.node, event.loops), model, self_name, given.model
                ):
                    continue  # neither built state nor an attribute a layer's traced code read (`self.model.layers[1].sigma`)
                if hook in given.after_step or event.conds or literal_value(event.value) is NOT_LITERAL:
                    yield event, hook


def _layer_reads(target: cst.Attribute, self_name: str | None, held: dict[str, frozenset[str]]) -> frozenset[str]:
    """The attributes the traced code of the object a callback holds as `self.<x>` reads, where
    `target` writes through `self.<x>` (rules/callback_aliases.py)."""
    holder = target.value
    if isinstance(holder, cst.Attribute) and isinstance(holder.value, cst.Name) and holder.value.value == self_name:
        return held.get(holder.attr.value, frozenset())
    return frozenset()


def _elements(handed: cst.BaseExpression, scope: FunctionInfo | None, scopes: dict[FunctionInfo | None, list[Event]]) -> list[cst.BaseExpression]:
    """The callbacks a list or tuple spells, or a name bound to one in `scope` holds."""
    if isinstance(handed, (cst.List, cst.Tuple)):
        return [e.value for e in handed.elements if isinstance(e, cst.Element)]
    if isinstance(handed, cst.Name):
        bound = [e.value for e in scopes.get(scope, ()) if e.kind in ("bind", "local") and e.name == handed.value and e.value is not None]
        return [element for value in bound if isinstance(value, (cst.List, cst.Tuple)) for element in _elements(value, scope, scopes)]
    return []


def _hooks(
    analysis: ModuleAnalysis, given: Callbacks, element: cst.BaseExpression, scope: FunctionInfo | None,
) -> Iterator[tuple[str, FunctionInfo, str | None]]:
    """(hook, function, its instance parameter) of each hook of one callback that may run after a
    step: a method of a callback class the element is an instance of, or a module-level function
    a maker (`LambdaCallback(on_epoch_end=f)`) is given."""
    hooks = given.after_step | given.around_step
    if isinstance(element, cst.Call) and analysis.resolve(element.func) in given.makers:
        for arg in element.args:
            if arg.keyword is not None and arg.keyword.value in hooks and isinstance(arg.value, cst.Name):
                fn = analysis.index.functions.get(arg.value.value)
                if fn is not None:
                    yield arg.keyword.value, fn, None
        return
    cls = analysis.instance_class(element, scope)
    if cls is not None and is_callback(analysis, given, cls):
        for hook in sorted(hooks & cls.methods.keys()):
            fn = cls.methods[hook]
            yield hook, fn, fn.self_name


def _written(target: cst.Attribute, loops: tuple[cst.CSTNode, ...]) -> cst.BaseExpression:
    """What the written attribute hangs from, through the loops around it: `self.model.layers`
    for `l.trainable` in `for l in self.model.layers:`."""
    value = target.value
    for loop in reversed(loops):
        root = value
        while isinstance(root, (cst.Attribute, cst.Subscript)):
            root = root.value
        if isinstance(loop, cst.For) and isinstance(loop.target, cst.Name) and isinstance(root, cst.Name) and loop.target.value == root.value:
            value = loop.iter
    return value


def _on_model(expr: cst.BaseExpression, model: str | None, self_name: str | None, attribute: str) -> bool:
    """Whether `expr` is reached from the trained model: its name, or the callback's own
    `self.model`."""
    while isinstance(expr, (cst.Attribute, cst.Subscript)):
        if isinstance(expr, cst.Attribute) and expr.attr.value == attribute and isinstance(expr.value, cst.Name) and expr.value.value == self_name:
            return True
        expr = expr.value
    return isinstance(expr, cst.Name) and expr.value == model
