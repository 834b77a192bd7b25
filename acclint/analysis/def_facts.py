"""What a decorated top-level def's own text says of how a compiled callable made of it keys
its arguments, for a module that imports it (acclint.analysis.project `FileIndex.bodies`).

A module calling `train_step` imported from `model.py` has the decorator (`FileIndex.decorated`)
but not the def, and the key reads the def too: its positional parameters name the
`static_argnames` a call passes by position, an int its body hands to `range` is specialised by
torch.compile, and a `float` parameter of a custom op takes no symbolic float
(acclint/frameworks/torch_compile.toml, `specialized_by`, `floats_specialized_by`). These few
facts are read off the `ast` tree with the rest of the index, once per version of the file, so
an importer's analysis reads them as it reads the decorator (the def is never parsed with
libcst there). Which calls specialise is the framework's data: the facts keep every call by
name its arguments compute a parameter with, the importer's key picks those its framework
names (acclint.analysis.loop_callables `_jitted`). They keep too what its body calls through a
name an import binds (`tensorflow.random.normal`): an importer that sets the global seed between
two calls of a compiled def drawing with a seeded op restarts that trace's draws
(rules/acc6_seed_writes.py); which ops those are is the framework's data again.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class DefFacts:
    """A def's parameters passed by position, those annotated `float`, and (the callee's name
    qualified as the module resolves it, the parameters a call of it computes its arguments
    with by arithmetic alone) for each call by plain name in its body (`range(start + 1, end)`:
    `("range", ("start", "end"))`)."""

    positional: tuple[str, ...] = ()
    floats: tuple[str, ...] = ()
    passed: tuple[tuple[str, tuple[str, ...]], ...] = ()
    imported_calls: tuple[str, ...] = ()  # the qualified names of what it calls through an import

    @classmethod
    def of(cls, fn: ast.FunctionDef | ast.AsyncFunctionDef, resolve: Callable[[str], str | None]) -> DefFacts:
        arguments = fn.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        params = {a.arg for a in every}
        floats = tuple(a.arg for a in every if type(a.annotation) is ast.Name and a.annotation.id == "float")
        passed: dict[str, set[str]] = {}
        imported: set[str] = set()
        for node in ast.walk(ast.Module(fn.body, [])):
            if type(node) is ast.Call and (dotted := _dotted(node.func)) is not None and (qualified := resolve(dotted)) is not None:
                imported.add(qualified)
            if type(node) is ast.Call and type(node.func) is ast.Name:
                used = set().union(*(_operands(a) for a in [*node.args, *(k.value for k in node.keywords)])) & params
                if used:
                    passed.setdefault(resolve(node.func.id) or node.func.id, set()).update(used)
        return cls(
            tuple(a.arg for a in [*arguments.posonlyargs, *arguments.args]), floats,
            tuple((callee, tuple(sorted(names))) for callee, names in sorted(passed.items())), tuple(sorted(imported)),
        )

    def specialized(self, calls: tuple[str, ...]) -> frozenset[str]:
        """The parameters the body hands (by arithmetic) to one of `calls`."""
        return frozenset(name for callee, names in self.passed if callee in calls for name in names)

    def to_data(self) -> list:
        return [
            list(self.positional), list(self.floats), [[callee, list(names)] for callee, names in self.passed], list(self.imported_calls),
        ]

    @classmethod
    def from_data(cls, data: list) -> DefFacts:
        positional, floats, passed, imported = data
        return cls(tuple(positional), tuple(floats), tuple((callee, tuple(names)) for callee, names in passed), tuple(imported))

    @staticmethod
    def sound(data) -> bool:
        """Whether `data` is what `to_data` writes (a cached index's part, checked before use)."""
        try:
            positional, floats, passed, imported = data
            return (
                all(isinstance(v, str) for v in [*positional, *floats, *imported])
                and all(isinstance(callee, str) and all(isinstance(n, str) for n in names) for callee, names in passed)
            )
        except (TypeError, ValueError):
            return False


def _dotted(expr: ast.expr) -> str | None:
    """`expr` as a dotted name (`tf.random.normal`), or None for any other callee."""
    if type(expr) is ast.Name:
        return expr.id
    if type(expr) is ast.Attribute:
        head = _dotted(expr.value)
        return None if head is None else f"{head}.{expr.attr}"
    return None


def _operands(expr: ast.expr) -> set[str]:
    """The names `expr` computes with by arithmetic alone (`start + 1`: start; not
    `x.shape[0]`), as acclint.analysis.loop_callables `_operands` reads a libcst tree."""
    if type(expr) is ast.Name:
        return {expr.id}
    if type(expr) is ast.UnaryOp:
        return _operands(expr.operand)
    if type(expr) is ast.BinOp:
        return _operands(expr.left) | _operands(expr.right)
    return set()
