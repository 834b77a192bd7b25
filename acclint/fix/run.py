"""`acclint check --fix` / `--diff` over paths: fix each file, write it (or not), report.

The report holds each file's findings as linted *after* fixing, so the usual formats print
what is left and the exit status is 1 while anything is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from acclint.api import Report, display_path, lint_bytes, options_for, with_packages
from acclint.config import Settings
from acclint.discovery import find_files
from acclint.findings import FileError, FileResult
from acclint.fix.apply import FixError, FixOutcome, fix_source
from acclint.fix.write import write_atomic
from acclint.project import Project


@dataclass
class FixRun:
    report: Report = field(default_factory=Report)
    outcomes: list[FixOutcome] = field(default_factory=list)

    @property
    def fixed(self) -> int:
        return sum(len(o.applied) for o in self.outcomes)

    @property
    def files_changed(self) -> int:
        return sum(o.changed for o in self.outcomes)

    def summary(self) -> str:
        left = len(self.report.findings)
        n, m = self.fixed, self.files_changed
        return f"Fixed {n} finding{'s' if n != 1 else ''} in {m} file{'s' if m != 1 else ''} ({left} left)."


def fix_paths(paths: Iterable[str], settings: Settings = Settings(), unsafe: bool = False, write: bool = True) -> FixRun:
    """Fix every Python file under `paths`; with `write=False` (`--diff`) nothing is written.

    Raises FileNotFoundError for a missing path, like `acclint.api.run`.
    """
    files = list(find_files(paths, settings.exclude))
    project = Project(with_packages(files, settings.exclude), options_for(settings))
    seeds = project.seeds()
    run = FixRun()
    for path in files:
        options = project.options_for(path, seeds)
        shown = display_path(path)
        try:
            source = Path(path).read_bytes()
        except OSError as exc:
            run.report.results.append(FileResult(shown, error=FileError(shown, f"cannot read: {exc.strerror or exc}")))
            continue
        try:
            outcome = fix_source(source, shown, lambda data, options=options: lint_bytes(data, shown, settings, options), unsafe)
        except FixError as exc:
            run.report.results.append(FileResult(shown, error=FileError(shown, str(exc))))
            continue
        if write and outcome.changed:
            try:
                write_atomic(path, outcome.fixed)
            except OSError as exc:
                outcome.result.error = FileError(shown, f"cannot write the fixed file: {exc.strerror or exc}")
        run.outcomes.append(outcome)
        run.report.results.append(outcome.result)
    return run
