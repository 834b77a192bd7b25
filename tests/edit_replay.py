"""Edits replayed through the language server's workspace, each result compared with a fresh
lint of the edited text: the check that a sliced edit (acclint.server.slices) answers exactly
what linting the whole module answers. Used by tests/test_edit_slices.py on the fixtures and by
benchmarks/sliced_edits.py on the real-code benchmark.

Each top-level function, and the first method of each top-level class, gets two edits in
turn: a `print` of its first parameter put before the first statement of its body (a finding
in a traced function, none elsewhere), then that line taken out again.
"""

from __future__ import annotations

import ast
import time
from dataclasses import dataclass, field

from acclint.run.plan import lint_bytes
from acclint.server.projects import Workspace


@dataclass
class Replayed:
    edits: int = 0
    sliced: int = 0  # answered from a slice, not the whole module
    mismatches: list[str] = field(default_factory=list)
    sliced_cpu: float = 0.0
    whole_cpu: float = 0.0  # the fresh lints of the same texts


def key(result) -> tuple:
    """What a result says, findings in order (a fix compared by its title and safety)."""
    error = result.error.message if result.error is not None else None
    return error, [
        (f.line, f.column, f.end_line, f.end_column, f.code, f.message, f.fix.title if f.fix else None, f.fix.safe if f.fix else None)
        for f in result.findings
    ]


def edits_of(text: str) -> list[tuple[str, str]]:
    """(name, edited text) for each top-level function, and the first method of each top-level
    class, whose body starts on a line of its own."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return []
    lines = text.splitlines(keepends=True)
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    out = []
    for statement in tree.body:
        if isinstance(statement, ast.ClassDef):
            node = next((n for n in statement.body if isinstance(n, functions)), None)
        else:
            node = statement if isinstance(statement, functions) else None
        if node is None or node.body[0].lineno <= node.lineno:
            continue
        first = node.body[0]
        start = first.decorator_list[0].lineno if getattr(first, "decorator_list", None) else first.lineno
        line = lines[start - 1]
        indent = line[: len(line) - len(line.lstrip())]
        if not indent or indent.strip():
            continue
        args = [a.arg for a in node.args.posonlyargs + node.args.args if a.arg not in ("self", "cls")]
        shown = args[0] if args else "1"
        out.append((node.name, "".join(lines[: start - 1] + [f"{indent}print({shown})\n"] + lines[start - 1:])))
    return out


def replay(path: str, text: str, limit: int | None = None) -> Replayed:
    """Open `path` (holding `text`) in a workspace, make each edit of `edits_of` and undo it,
    comparing every answer with a fresh lint."""
    out = Replayed()
    workspace = Workspace([])
    workspace.edit(path, text.encode())
    workspace.lint(path)
    workspace.prepare_edits(path)
    scope = workspace.scope(path)
    for _, edited in edits_of(text)[:limit]:
        for version in (edited, text):
            source = version.encode()
            workspace.edit(path, source)
            cpu = time.process_time()
            got = workspace.lint(path)
            spent = time.process_time() - cpu
            sliced = workspace.answered.get(path) == "slice"
            cpu = time.process_time()
            fresh = lint_bytes(source, scope.shown(path), scope.settings, scope.options_of(path))
            if sliced:
                out.sliced_cpu += spent
                out.whole_cpu += time.process_time() - cpu
            out.edits += 1
            out.sliced += sliced
            if key(got) != key(fresh):
                out.mismatches.append(f"{path}: {_difference(key(got), key(fresh))}")
            workspace.prepare_edits(path)
    return out


def _difference(got: tuple, fresh: tuple) -> str:
    if got[0] != fresh[0]:
        return f"error {got[0]!r} != {fresh[0]!r}"
    extra = [f for f in got[1] if f not in fresh[1]]
    missing = [f for f in fresh[1] if f not in got[1]]
    return f"extra {extra[:3]}, missing {missing[:3]}"
