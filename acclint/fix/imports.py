"""Spelling a library callable in a module, and the import statement it needs when absent.

A fix that introduces `jnp.where` or `jax.debug.print` writes it under the alias the module
already uses (`import jax.numpy as np_` gives `np_.where`), unless a local of the function hides
that alias; only when no binding reaches the library does it add an import, under a name the
module mentions nowhere (acclint.fix.names).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.frameworks.markers import Framework
from acclint.fix.names import fresh_names
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.taint import collect_body


@dataclass(frozen=True)
class Spelling:
    """How to write a callable here: `expr` (source text) and the import it needs, if any."""

    expr: str
    imports: tuple[str, ...] = ()

    def node(self) -> cst.BaseExpression:
        return cst.parse_expression(self.expr)


def _shadowed(analysis: ModuleAnalysis, function: FunctionInfo | None, name: str) -> bool:
    """Whether `name` is bound in `function` or a function enclosing it, so that it does not
    mean the module's binding there."""
    while function is not None:
        if name in _local_names(analysis, function):
            return True
        function = function.parent
    return False


def _local_names(analysis: ModuleAnalysis, function: FunctionInfo) -> set[str]:
    """The names `function` binds, parameters included (the analysis holds them only for
    functions in a context; an enclosing function outside every context is read here)."""
    if function.contexts:
        return analysis.body(function).local_names
    return collect_body(function.node, analysis.facts, analysis.index.imports).local_names


def _binding_of(analysis: ModuleAnalysis, qualified: str, function: FunctionInfo | None) -> str | None:
    """A module-level name bound (by import or alias) to exactly `qualified` that `function`
    sees unshadowed, if any."""
    imports = analysis.index.imports
    found = sorted(
        n for n in imports.bound_names()
        if imports.resolve(cst.Name(n)) == qualified and not _shadowed(analysis, function, n)
    )
    return found[0] if found else None


def _bound(analysis: ModuleAnalysis, module: str, attr: str, function: FunctionInfo | None) -> Spelling | None:
    """`module.attr` through a name bound to it, or to `module`; None when neither is."""
    direct = _binding_of(analysis, f"{module}.{attr}", function)
    if direct is not None:
        return Spelling(direct)
    bound = _binding_of(analysis, module, function)
    return None if bound is None else Spelling(f"{bound}.{attr}")


def spell(analysis: ModuleAnalysis, function: FunctionInfo | None, module: str, attr: str, alias: str) -> Spelling:
    """`module.attr` as code in `function` can write it, e.g. `spell(a, fn, "jax.numpy",
    "where", "jnp")`.

    Tries a name bound to `module.attr` itself, then one bound to `module`, then a parent
    package bound under its own name (`jax` for `jax.numpy`), each only where no local of
    `function` or of a function around it hides it; then adds `import module as alias` (or
    `import package` when `alias` is the module's top package, as `jax` for `jax.debug`), under
    a fresh alias (`jnp_1`) when the module mentions `alias` already.
    """
    found = _bound(analysis, module, attr, function)
    if found is not None:
        return found
    parts = module.split(".")
    for i in range(len(parts) - 1, 0, -1):
        root = _binding_of(analysis, ".".join(parts[:i]), function)
        if root is not None:
            return Spelling(".".join([root, *parts[i:], attr]))
    name = fresh_names(analysis.module, alias)[0]
    if name == parts[0]:  # `import jax` reaches `jax.debug.print`
        return Spelling(".".join([*parts, attr]), (f"import {name}",))
    return Spelling(f"{name}.{attr}", (f"import {module} as {name}",))


def spell_from(analysis: ModuleAnalysis, function: FunctionInfo | None, module: str, name: str) -> Spelling:
    """`module.name` for a module written in `from module import name` style (the runtime's)."""
    found = _bound(analysis, module, name, function)
    if found is not None:
        return found
    alias = fresh_names(analysis.module, name)[0]
    return Spelling(alias, (f"from {module} import {name}" + ("" if alias == name else f" as {alias}"),))


def add_imports(module: cst.Module, statements: list[str]) -> cst.Module:
    """`module` with each import statement added after its last top-level import (or after the
    docstring and `__future__` imports when it has none), each once."""
    if not statements:
        return module
    body = list(module.body)
    at = 0
    for i, stmt in enumerate(body):
        if _is_import(stmt) or (i == 0 and _is_docstring(stmt)):
            at = i + 1
    new = [cst.parse_statement(s + module.default_newline, config=module.config_for_parsing) for s in dict.fromkeys(statements)]
    return module.with_changes(body=[*body[:at], *new, *body[at:]])


def _is_import(stmt: cst.CSTNode) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and all(
        isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body
    )


def _is_docstring(stmt: cst.CSTNode) -> bool:
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def framework_of(ctx) -> Framework:
    """The framework whose rules are looking at the function (acclint.frameworks): a function
    several frameworks trace is judged by each in turn (acclint.lint.engine)."""
    return ctx.framework


def spelled(ctx, key: str) -> Spelling | None:
    """How the framework tracing `ctx`'s function spells `key` (`where`, `print`, ...) in that
    function's code, or None where the framework has none."""
    spec = framework_of(ctx).spellings.get(key)
    if spec is None:
        return None
    if spec.from_import:
        return spell_from(ctx.analysis, ctx.function, spec.module, spec.name)
    return spell(ctx.analysis, ctx.function, spec.module, spec.name, spec.alias)
