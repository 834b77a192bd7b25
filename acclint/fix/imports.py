"""Spelling a library callable in a module, and the import statement it needs when absent.

A fix that introduces `jnp.where` or `jax.debug.print` writes it under the alias the module
already uses (`import jax.numpy as np_` gives `np_.where`); only when no binding reaches the
library does it add an import, and only under a name nothing else in the module holds.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from acclint.analysis import ModuleAnalysis


@dataclass(frozen=True)
class Spelling:
    """How to write a callable here: `expr` (source text) and the import it needs, if any."""

    expr: str
    imports: tuple[str, ...] = ()

    def node(self) -> cst.BaseExpression:
        return cst.parse_expression(self.expr)


class NameTaken(Exception):
    """The name an added import would bind already means something else in the module."""


def _binding_of(analysis: ModuleAnalysis, qualified: str) -> str | None:
    """A module-level name bound (by import or alias) to exactly `qualified`, if any."""
    imports = analysis.index.imports
    found = sorted(n for n in imports.bound_names() if imports.resolve(cst.Name(n)) == qualified)
    return found[0] if found else None


def _free(analysis: ModuleAnalysis, name: str) -> bool:
    """Whether `name` is bound nowhere in the module (imports, functions, classes, locals)."""
    index = analysis.index
    if name in index.imports.bound_names() or name in index.functions or name in index.classes:
        return False
    return not any(name in analysis.body(fn).local_names for fn in analysis.functions) and not any(
        p.name == name for fn in index.all_functions for p in fn.params
    )


def _bound(analysis: ModuleAnalysis, module: str, attr: str) -> Spelling | None:
    """`module.attr` through a name bound to it, or to `module`; None when neither is."""
    direct = _binding_of(analysis, f"{module}.{attr}")
    if direct is not None:
        return Spelling(direct)
    bound = _binding_of(analysis, module)
    return None if bound is None else Spelling(f"{bound}.{attr}")


def spell(analysis: ModuleAnalysis, module: str, attr: str, alias: str) -> Spelling:
    """`module.attr` as this module can write it, e.g. `spell(a, "jax.numpy", "where", "jnp")`.

    Tries a name bound to `module.attr` itself, then one bound to `module`, then a parent
    package bound under its own name (`jax` for `jax.numpy`), then adds `import module as
    alias` (or `import package` when `alias` is the module's top package, as `jax` for
    `jax.debug`). Raises NameTaken when `alias` is taken.
    """
    found = _bound(analysis, module, attr)
    if found is not None:
        return found
    parts = module.split(".")
    for i in range(len(parts) - 1, 0, -1):
        parent = ".".join(parts[:i])
        root = _binding_of(analysis, parent)
        if root is not None:
            return Spelling(".".join([root, *parts[i:], attr]))
    if not _free(analysis, alias):
        raise NameTaken(alias)
    if alias == parts[0]:  # `import jax` reaches `jax.debug.print`
        return Spelling(".".join([*parts, attr]), (f"import {alias}",))
    return Spelling(f"{alias}.{attr}", (f"import {module} as {alias}",))


def spell_from(analysis: ModuleAnalysis, module: str, name: str) -> Spelling:
    """`module.name` for a module written in `from module import name` style (the runtime's)."""
    found = _bound(analysis, module, name)
    if found is not None:
        return found
    if not _free(analysis, name):
        raise NameTaken(name)
    return Spelling(name, (f"from {module} import {name}",))


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
