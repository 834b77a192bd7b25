"""The Python API: lint paths or source text and get findings back.

    from acclint.api import lint_paths
    for f in lint_paths(["src/"]):
        print(f.path, f.line, f.code, f.message)

`run` is what the CLI calls; it also returns the files that could not be analysed
(acclint.run.runner). `lint_text` lints one buffer alone, without the project around it.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Iterable

from acclint.common.findings import FileResult, Finding
from acclint.run.config import Settings
from acclint.run.options import options_for
from acclint.run.plan import Report, lint_bytes, lint_file
from acclint.run.runner import run

__all__ = ["Report", "lint_bytes", "lint_file", "lint_paths", "lint_text", "options_for", "run"]


def lint_paths(paths: Iterable[str | os.PathLike], select=None, ignore=None, settings: Settings | None = None) -> list[Finding]:
    """Findings for every Python file under `paths`, sorted by path, line, column."""
    base = settings or Settings()
    settings = replace(
        base,
        select=tuple(select) if select is not None else base.select,
        ignore=tuple(ignore) if ignore is not None else base.ignore,
    )
    return run([str(p) for p in paths], settings).findings


def lint_text(text: str, path: str = "<string>", settings: Settings = Settings()) -> FileResult:
    """Lint source text (an editor buffer, stdin) on its own, without the project around it."""
    return lint_bytes(text.encode("utf-8"), path, settings, options_for(settings))

