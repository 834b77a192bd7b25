"""The static side: the linter's findings on the fixture files, grouped by file and line.

A fixture module is linted with the strictness it names in a module-level ``STRICTNESS = "..."``
(read from its text, never by importing it), precise by default: torch.compile's graph breaks
are findings only under ``pedantic`` (acclint/frameworks/torch_compile.toml), and the fixture
that holds them to Dynamo's own account of its breaks says so.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path
from typing import Iterable


def lint_fixtures(paths: Iterable[Path], select: list[str] | None = None,
                  ignore: list[str] | None = None) -> dict[tuple[str, int], set[str]]:
    """``{(absolute path, line): {codes}}`` for every finding of ``acclint.api.lint_paths``,
    each group of modules of one strictness linted as one run."""
    from acclint.api import lint_paths
    from acclint.run.config import Settings

    groups: dict[str, list[Path]] = defaultdict(list)
    for path in paths:
        groups[strictness_of(Path(path))].append(Path(path))
    found: dict[tuple[str, int], set[str]] = defaultdict(set)
    for strictness, group in sorted(groups.items()):
        for finding in lint_paths(group, select=select, ignore=ignore, settings=Settings(strictness=strictness)):
            found[(str(Path(finding.path).resolve()), finding.line)].add(finding.code)
    return dict(found)


def strictness_of(path: Path) -> str:
    """The string a module-level ``STRICTNESS = "..."`` of the fixture at `path` names, else
    "precise"."""
    for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body:
        if (isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["STRICTNESS"]
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return node.value.value
    return "precise"
