"""The Python API: lint paths or source text and get findings back.

    from acclint.api import lint_paths
    for f in lint_paths(["src/"]):
        print(f.path, f.line, f.code, f.message)

`run` is what the CLI calls; it also returns the files that could not be analysed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable

from acclint.config import Settings
from acclint.discovery import excluded, find_files
from acclint.engine import LintOptions, lint_source
from acclint.project import Project
from acclint.findings import FileError, FileResult, Finding
from acclint.markers import load_markers
from acclint.registry import select_rules


@dataclass
class Report:
    results: list[FileResult] = field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        out = [f for r in self.results for f in r.findings]
        out.sort(key=Finding.sort_key)
        return out

    @property
    def errors(self) -> list[FileError]:
        return [r.error for r in self.results if r.error is not None]


def display_path(path: str) -> str:
    """`path` relative to the working directory when it lies below it (DESIGN.md §3)."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return path
    return path if rel.startswith("..") else rel


def options_for(settings: Settings) -> LintOptions:
    return LintOptions(
        rules=select_rules(*settings.selection()),
        markers=load_markers(settings.accelerators, settings.differentiators, settings.host_effects),
        pedantic=settings.strictness == "pedantic",
    )


def _per_file_ignored(path: str, settings: Settings) -> tuple[str, ...]:
    codes: tuple[str, ...] = ()
    for pattern, ignored in settings.per_file_ignores.items():
        if excluded(path, (pattern,)):
            codes += ignored
    return codes


def lint_file(path: str, settings: Settings, options: LintOptions | None = None, project: Project | None = None) -> FileResult:
    """Lint one file (reusing the module and analysis `project` made of it, if any)."""
    options = options or options_for(settings)
    shown = display_path(path)
    try:
        source = Path(path).read_bytes()
    except OSError as exc:
        return FileResult(shown, error=FileError(shown, f"cannot read: {exc.strerror or exc}"))
    if project is not None:
        return lint_bytes(source, shown, settings, options, project.parsed(path), project.analysis(path, options))
    return lint_bytes(source, shown, settings, options)


def lint_bytes(source: bytes, shown: str, settings: Settings, options: LintOptions, parsed=None, analysis=None) -> FileResult:
    """Lint the bytes of the file shown as `shown`, with its per-file ignores applied."""
    result = lint_source(source, shown, options, parsed, analysis)
    ignored = _per_file_ignored(shown, settings)
    if ignored:
        result.findings = [f for f in result.findings if not f.code.startswith(ignored)]
    return result


def run(paths: Iterable[str], settings: Settings = Settings()) -> Report:
    """Lint every Python file under `paths`, with the contexts their imports carry from file
    to file (acclint.project); raises FileNotFoundError for a missing path."""
    files = list(find_files(paths, settings.exclude))
    project = Project(with_packages(files, settings.exclude), options_for(settings))
    seeds = project.seeds()
    report = Report()
    for path in files:
        report.results.append(lint_file(path, settings, project.options_for(path, seeds), project))
    return report


def with_packages(files: list[str], exclude: tuple[str, ...]) -> list[str]:
    """`files` and every file of the packages they lie in: a helper module named alone is
    traced from its package's other modules, which the project layer must see (they are not
    reported on)."""
    tops: set[Path] = set()
    for file in files:
        directory = Path(file).resolve().parent
        if (directory / "__init__.py").is_file():
            while (directory.parent / "__init__.py").is_file():
                directory = directory.parent
            tops.add(directory)
    if not tops:
        return files
    given = {str(Path(f).resolve()) for f in files}
    extra = [f for top in sorted(tops) for f in find_files([str(top)], exclude) if str(Path(f).resolve()) not in given]
    return files + extra


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
    """Lint source text (an editor buffer, stdin)."""
    return lint_source(text.encode("utf-8"), path, options_for(settings))
