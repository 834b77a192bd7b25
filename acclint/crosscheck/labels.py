"""Read what a fixture module claims: its ``# expect:`` labels and the functions that hold them.

A fixture's unit of comparison is a *function*: a top-level ``def`` or a method of a top-level
class, together with everything nested in it (inner bodies, lambdas). Labels are read from
comment tokens, so a ``# expect:`` inside a string is not a label.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

LABEL = re.compile(r"#\s*expect:\s*(.*)$")
CODE = re.compile(r"ACC[0-9]\d\d")  # ACC0xx: acclint's own (ACC001, unused noqa)


class LabelError(ValueError):
    """A malformed ``# expect:`` comment."""


@dataclass(frozen=True)
class Function:
    """One fixture function: ``qualname`` is ``name`` or ``Class.method``; lines are inclusive
    and start at its first decorator."""

    path: Path
    qualname: str
    first_line: int
    last_line: int

    def holds(self, line: int) -> bool:
        return self.first_line <= line <= self.last_line


def read_labels(source: str, path: Path) -> dict[int, frozenset[str]]:
    """Map each labelled line to the codes its ``# expect:`` comment names."""
    labels: dict[int, frozenset[str]] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type != tokenize.COMMENT:
            continue
        match = LABEL.search(tok.string)
        if match is None:
            continue
        words = match.group(1).split()
        if not words or any(CODE.fullmatch(word) is None for word in words):
            raise LabelError(f"{path}:{tok.start[0]}: malformed label {tok.string!r}")
        labels[tok.start[0]] = frozenset(words)
    return labels


def read_functions(tree: ast.Module, path: Path) -> list[Function]:
    """The top-level functions and methods of top-level classes, in source order."""
    found: list[Function] = []

    def add(node: ast.FunctionDef | ast.AsyncFunctionDef, prefix: str) -> None:
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        found.append(Function(path, prefix + node.name, first, node.end_lineno or node.lineno))

    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            add(node, "")
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    add(item, node.name + ".")
    return found


def family(code: str) -> str:
    """``ACC201`` -> ``ACC2``."""
    return code[:4]
