"""Module-level values bound by `functools.partial` into a traced function's parameters.

`ncce = functools.partial(w_categorical_crossentropy, weights=w_array)` handed to `compile`:
the loss's `weights` holds the module-level `w_array` on every call, so the trace reads it as
it reads a global - a NumPy array becomes a constant of `fit`'s step when it is traced, and an
in-place change afterwards (`w_array[:] = w_array * 2.0` in a callback) is not seen (keras#9598;
run: benchmarks/framework_runs.py keras_partial_bound_array_changed).
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

import libcst as cst

from acclint.analysis.module import ModuleAnalysis

_BOUND: WeakKeyDictionary[ModuleAnalysis, dict[tuple[str, str], str]] = WeakKeyDictionary()
_PARTIALS = frozenset({"functools.partial"})


def partial_global(analysis: ModuleAnalysis, function: str, param: str) -> str | None:
    """The module-level name a `functools.partial(function, param=name)` in module-level code (bound
    to a name, or handed on: `compile(loss=partial(...))`) binds to `param` of the module-level
    function `function`, or None."""
    bound = _BOUND.get(analysis)
    if bound is None:
        bound = _BOUND[analysis] = {}
        if analysis.callee_in(_PARTIALS) is None:
            return None  # no partial called in the module (the index's callees: a cheap test)
        for value in _module_level_calls(analysis.module):
            if analysis.resolve(value.func) not in _PARTIALS or not value.args:
                continue
            target = value.args[0].value
            if value.args[0].keyword is not None or not isinstance(target, cst.Name):
                continue
            for arg in value.args[1:]:
                if arg.keyword is not None and isinstance(arg.value, cst.Name) and arg.value.value in analysis.index.module_values:
                    bound[(target.value, arg.keyword.value)] = arg.value.value
    return bound.get((function, param))


def _module_level_calls(module: cst.Module):
    """The calls module-level code makes (not those in function or class bodies)."""
    stack: list[cst.CSTNode] = [s for s in module.body if not isinstance(s, (cst.FunctionDef, cst.ClassDef))]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Call):
            yield node
        stack.extend(c for c in node.children if not isinstance(c, (cst.FunctionDef, cst.ClassDef, cst.Lambda)))
