"""The objects a module passes to functions of other modules of the project, by class.

Within one module, an unannotated parameter of a module-level function holds what the module's
calls of it pass (acclint.analysis.objects `_passed_types`: `opt_fn = torch.compile(fn)`,
`opt_fn(x, random.Random(0))` makes `rng.randint` in `fn` a draw of a `random.Random`). Where
the calls are in another module than the def, that module alone sees the objects: it names, for
each call of an imported function of the project (by the name it imports, or through a name its
top level binds to a marker applied to one, as `_passed_types` follows), the classes of the
objects passed there, as `CallSite` seeds (acclint.analysis.reach) that the project layer
carries to the module defining the function (acclint.analysis.project). A call passing no
object of a class the data know names nothing.
"""

from __future__ import annotations

from typing import Callable, Protocol

import libcst as cst

from acclint.analysis.passed import callee_head
from acclint.analysis.reach import CallSite
from acclint.analysis.scopes import FunctionInfo, ModuleIndex
from acclint.frameworks.markers import MarkerTable


class ModuleAnalysis(Protocol):
    """What this module reads of a module's analysis (acclint.analysis.module.ModuleAnalysis,
    which calls `call_sites_out` while it is built, so it cannot be imported here)."""

    index: ModuleIndex
    markers: MarkerTable

    def types(self, expr: cst.BaseExpression, scope: FunctionInfo | None, callers: bool = False) -> set[str]: ...


def call_sites_out(analysis: ModuleAnalysis, module_name: str, in_project: Callable[[str], bool]) -> list[tuple[str, CallSite]]:
    """Each (qualified name of an imported project function, a call of it passing objects whose
    classes are known), compiled or not: the module cannot tell whether the function runs
    traced (its own module may compile it, `step = torch.compile(train_step)`, or call it from a
    traced function). Asking the classes of every argument of these calls costs little (optax,
    flax and equinox as installed: 760 sites, 0.6 s of a 23 s cold run's CPU, the whole run's
    CPU within its noise of e02e5be's)."""
    index = analysis.index
    bound = index.imports.bound_names()
    compiled = _compiled_imports(analysis, bound)
    found: list[tuple[str, CallSite]] = []
    for site in index.calls:
        call: cst.Call = site.expr  # type: ignore[assignment]
        func = call.func
        if type(func) is cst.Name and func.value in compiled:
            qualified = compiled[func.value]
        elif callee_head(func) in bound:
            qualified = index.imports.resolve(func)
            if qualified is None or analysis.markers.get(qualified) is not None or not in_project(qualified):
                continue
        else:
            continue
        classes = _classes_passed(analysis, call, site.scope)
        if classes:
            found.append((qualified, CallSite("", module_name, classes)))
    return found


def _compiled_imports(analysis: ModuleAnalysis, bound: frozenset[str]) -> dict[str, str]:
    """The names the module's top level binds to a marker applied to an imported function of
    the project (`opt_fn = torch.compile(fn)`), each with that function's qualified name: a
    call of the name passes its arguments to the function."""
    imports = analysis.index.imports
    found: dict[str, str] = {}
    for name, values in analysis.index.module_values.items():
        for value in values:
            if (
                type(value) is cst.Call and value.args and value.args[0].keyword is None and type(value.args[0].value) is cst.Name
                and value.args[0].value.value in bound and analysis.markers.get(imports.resolve(value.func)) is not None
            ):
                qualified = imports.resolve(value.args[0].value)
                if qualified is not None:
                    found[name] = qualified
    return found


def _classes_passed(analysis: ModuleAnalysis, call: cst.Call, scope: FunctionInfo | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(position or keyword, the classes of the object passed there) for each argument of
    `call` whose classes are known, up to the first `*xs` or `**kw`."""
    found: list[tuple[str, tuple[str, ...]]] = []
    position = 0
    for arg in call.args:
        if arg.star:
            break
        classes = analysis.types(arg.value, scope, callers=True)
        if classes:
            found.append((arg.keyword.value if arg.keyword is not None else str(position), tuple(sorted(classes))))
        position += arg.keyword is None
    return tuple(found)

