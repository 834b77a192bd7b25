"""What a module changes, in its own program order, between a build and a hit of a compiled
function of another module (acclint.analysis.reach `Stale`).

ACC6 holds when a hidden input a build read is written after that build and before a later call
that can hit the same entry (the ordered model of trace time). Where the compiled function is defined
in one module and called in another, the calls, and the writes between them, are in the
calling module's order, which only its analysis sees: it asks, for each decorated function it
imports from the project (`Imported.compiled`, here a `Compiled` reader), which module
attributes of the project it writes between a build and a hit (`cfg.SCALE = s`, `model.SCALE =
s`), and which attributes of an object it passes the function it writes there (`v.val = 0`
between two `add(v, 1)`), with acclint.analysis.bindings' one program order (`between_builds`:
module-level code, a function module-level code runs there, a `main()` between two calls of
its own). The project layer carries each answer to the module defining the function, whose
reads of those names are then hidden inputs changed after a build (`ModuleBindings.
change_elsewhere`). A module that writes nothing of the project's sends nothing.
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

from acclint.analysis.bindings import Compiled, Event, ModuleBindings
from acclint.analysis.names import ImportTable
from acclint.analysis.reach import Stale
from acclint.analysis.scopes import FunctionInfo

# Per scope binding it (None: module level) and name, where calls of the compiled function pass the object.
Passed = dict[tuple[FunctionInfo | None, str], set[str]]


def stale_out(
    bindings: ModuleBindings, compiled: dict[str, frozenset[str]], module_name: str, in_project: Callable[[str], bool],
) -> list[tuple[str, Stale]]:
    """Each (qualified name of an imported compiled function of the project, what the module
    changes between a build and a hit of it) where it changes something; `compiled`: those
    functions, each with the markers of its decorator."""
    imports = bindings.index.imports
    found: list[tuple[str, Stale]] = []
    for qualified, markers in sorted(compiled.items()):
        reader = Compiled(qualified, markers)
        passed = _objects_passed(bindings, reader)

        def chosen(event: Event) -> bool:
            return event.kind == "attr" and (_project_attribute(imports, event.node, in_project) is not None or _passed_attribute(bindings, event, passed) is not None)

        written: set[str] = set()
        attributes: set[tuple[str, str]] = set()
        for event in bindings.between_builds(chosen, reader):
            project = _project_attribute(imports, event.node, in_project)
            if project is not None:
                written.add(project)
            elif (where := _passed_attribute(bindings, event, passed)) is not None:
                attributes.add(where)
        if written or attributes:
            found.append((qualified, Stale("", module_name, tuple(sorted(written)), tuple(sorted(attributes)))))
    return found


def _project_attribute(imports: ImportTable, node: cst.CSTNode, in_project: Callable[[str], bool]) -> str | None:
    """The qualified name of a module attribute of the project that the target `node` writes
    (`cfg.SCALE` through `import cfg`), or None."""
    if not isinstance(node, cst.Attribute) or not imports.is_imported(node):
        return None
    qualified = imports.resolve(node)
    return qualified if qualified is not None and in_project(qualified) else None


def _passed_attribute(bindings: ModuleBindings, event: Event, passed: Passed) -> tuple[str, str] | None:
    """(where the object is passed, the attribute) for an attribute write `event` of a name
    the module passes the compiled function (`v.val`), bound where it is passed, or None."""
    node = event.node
    if not isinstance(node, cst.Attribute) or not isinstance(node.value, cst.Name):
        return None
    name = node.value.value
    where = passed.get((_binder(bindings, name, event.scope), name))
    return (min(where), node.attr.value) if where else None


def _objects_passed(bindings: ModuleBindings, reader: Compiled) -> Passed:
    """The names, each bound only to an instance of a plain class, that calls of `reader`
    pass, with the positions ("0") or keywords they are passed at, by the scope binding them:
    module-level names (None) that module-level calls pass, and a function's own (`v = Box(1)`
    in `main()`) that its calls pass, as its program order is the module's
    (`between_builds`)."""
    found: Passed = {}
    for scope in bindings.events_by_scope:
        for call in bindings.calls_into(reader, scope):
            if not isinstance(call.node, cst.Call):
                continue
            position = 0
            for arg in call.node.args:
                if arg.star:
                    break
                if isinstance(arg.value, cst.Name) and bindings.plain_instance(arg.value.value, scope):
                    found.setdefault((_binder(bindings, arg.value.value, scope), arg.value.value), set()).add(arg.keyword.value if arg.keyword is not None else str(position))
                position += arg.keyword is None
    return found


def _binder(bindings: ModuleBindings, name: str, scope: FunctionInfo | None) -> FunctionInfo | None:
    """The scope whose `name` a read of it in `scope` is: `scope`'s own, or the module's (None)."""
    return None if scope is None or bindings.is_module_name(name, scope) else scope
