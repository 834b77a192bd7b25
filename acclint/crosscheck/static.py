"""The static side: the linter's findings on the fixture files, grouped by file and line."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Iterable


def lint_fixtures(paths: Iterable[Path], select: list[str] | None = None,
                  ignore: list[str] | None = None) -> dict[tuple[str, int], set[str]]:
    """``{(absolute path, line): {codes}}`` for every finding of ``acclint.api.lint_paths``."""
    from acclint.api import lint_paths

    found: dict[tuple[str, int], set[str]] = defaultdict(set)
    for finding in lint_paths(list(paths), select=select, ignore=ignore):
        found[(str(Path(finding.path).resolve()), finding.line)].add(finding.code)
    return dict(found)
