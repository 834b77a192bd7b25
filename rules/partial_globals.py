"""Module-level values bound by `functools.partial` into a traced function's parameters.

`ncce = functools.partial(w_categorical_crossentropy, weights=w_array)` handed to `compile`:
the loss's `weights` holds the module-level `w_array` on every call, so the trace reads it as
it reads a global - a NumPy array becomes a constant of `fit`'s step when it is traced, and an
in-place change afterwards (`w_array[:] = w_array * 2.0` in a callback) is not seen (keras#9598;
run: benchmarks/framework_runs.py keras_partial_bound_array_changed).

A partial reads what it binds when it is made, wherever that is: module-level code, a `main()`
that declares the name `global`, a factory returning `jax.jit(partial(f, w=W))`; by keyword or
by position. The object bound is the module's when the name is the module's where the partial
is evaluated (not a local of that function or of one around it).
"""

from __future__ import annotations

from itertools import takewhile
from weakref import WeakKeyDictionary

import libcst as cst

from acclint.analysis.arguments import passed
from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import FunctionInfo

_BOUND: WeakKeyDictionary[ModuleAnalysis, dict[tuple[str, str], str]] = WeakKeyDictionary()
_PARTIALS = frozenset({"functools.partial"})


def partial_global(analysis: ModuleAnalysis, function: str, param: str) -> str | None:
    """The module-level name a `functools.partial(function, ...)` anywhere in the module (bound
    to a name, or handed on: `compile(loss=partial(...))`) binds to `param` of the module-level
    function `function`, by keyword or by position, or None."""
    bound = _BOUND.get(analysis)
    if bound is None:
        bound = _BOUND[analysis] = {}
        if analysis.callee_in(_PARTIALS) is None:
            return None  # no partial called in the module (the index's callees: a cheap test)
        for site in analysis.index.calls:
            value = site.expr
            if analysis.resolve(value.func) not in _PARTIALS or not value.args:  # type: ignore[attr-defined]
                continue
            target = value.args[0].value  # type: ignore[attr-defined]
            fn = analysis.index.functions.get(target.value) if isinstance(target, cst.Name) else None
            if value.args[0].keyword is not None or fn is None:  # type: ignore[attr-defined]
                continue
            for filled, arg in _bound_params(fn, value).items():  # type: ignore[arg-type]
                if isinstance(arg, cst.Name) and _module_name(analysis, arg.value, site.scope):
                    bound[(fn.name, filled)] = arg.value
    return bound.get((function, param))


def _bound_params(fn: FunctionInfo, call: cst.Call) -> dict[str, cst.BaseExpression]:
    """The parameters of `fn` that the partial `call` (`partial(fn, ...)`) fills, each with its
    value, as a call of `fn` with the partial's other arguments binds them
    (acclint.analysis.arguments), up to its first `*rest` or `**options`: what follows binds no
    known place."""
    given = takewhile(lambda arg: not arg.star, call.args[1:])
    return passed(call.with_changes(func=call.args[0].value, args=tuple(given)), fn)


def _module_name(analysis: ModuleAnalysis, name: str, scope: FunctionInfo | None) -> bool:
    """Whether `name`, evaluated in `scope` (None: module-level code), is the module's variable."""
    if scope is None:
        return name in analysis.index.module_values
    return scope.nearest_binder(name, lambda fn: analysis.body(fn).local_names) is None
