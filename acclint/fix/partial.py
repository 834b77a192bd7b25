"""Functions `--fix` changed but could not finish: the "partly fixed" note.

A select fix is only applied when it is proven exact, so a function can come out of `--fix`
with some of its findings fixed and others (no fix, or an unsafe one not applied) left: it
computes what it did when run eagerly, but still cannot be traced (a finding of the control
flow or host conversion families is left). Such a function is named, so that nobody takes a
changed file for a traceable one.
"""

from __future__ import annotations

import ast
from typing import Callable

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from acclint.common.findings import FileResult, Finding
from acclint.fix.apply import FixOutcome

# Families whose findings stop a function from being traced (or bake a value into the trace).
TRACE_BREAKING = ("ACC2", "ACC3")


def partly_fixed(outcome: FixOutcome, place: Callable[[Finding], Finding] = lambda f: f) -> list[str]:
    """One note per function with a fix applied and a trace-breaking finding left; `place`
    gives the line a finding of the fixed text is cited at (acclint.fix.diff.notes)."""
    if not outcome.applied or outcome.before.module is None or outcome.result.module is None:
        return []
    before, after = _function_lines(outcome.before), _function_lines(outcome.result)
    changed = {before.get(f.line) for f in outcome.applied}
    left: dict[str | None, list] = {}
    for finding in outcome.result.findings:
        if finding.code.startswith(TRACE_BREAKING):
            left.setdefault(after.get(finding.line), []).append(finding)
    notes = []
    for name in sorted(changed & left.keys() - {None}):
        findings = [place(f) for f in left[name]]
        where = ", ".join(f"{f.code} at line {f.line}" for f in findings)
        notes.append(f"{findings[0].path}:{findings[0].line}: function '{name}' partly fixed: {where} left, so it still "
                     "cannot be traced (what it computes eagerly is unchanged)")
    return notes


def _function_lines(result: FileResult) -> dict[int, str]:
    """The dotted name of the innermost function holding each line inside a function, from the
    `def` line to the body's last line. Read off the linted text's `ast` (libcst's positions of
    a module cost as much as a lint: 9.5 s of a 10,000-line file's `--diff`); the libcst module
    where this Python's `ast` cannot parse the text (newer syntax)."""
    text = result.text if result.text is not None else result.module.code
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return _function_lines_of_module(result.module)
    by_line: dict[int, str] = {}

    def visit(node: ast.AST, stack: tuple[str, ...]) -> None:
        # Statements only (a `def` is one): their nesting is bounded by Python's own parser,
        # where an expression's is not.
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.stmt, ast.ExceptHandler, ast.match_case)):
                continue
            inner = stack
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = (*stack, child.name)
                for n in range(child.lineno, child.end_lineno + 1):
                    by_line[n] = ".".join(inner)  # inner functions visit later and overwrite
            visit(child, inner)

    visit(tree, ())
    return by_line


def _function_lines_of_module(module: cst.Module) -> dict[int, str]:
    """`_function_lines` from libcst's positions of `module`."""
    positions = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    by_line: dict[int, str] = {}

    class _Visit(cst.CSTVisitor):
        def __init__(self) -> None:
            self.stack: list[str] = []

        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            self.stack.append(node.name.value)
            span = positions[node]
            for n in range(span.start.line, span.end.line + 1):
                by_line[n] = ".".join(self.stack)  # inner functions visit later and overwrite

        def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
            self.stack.pop()

    module.visit(_Visit())
    return by_line
