"""`acclint check --fix` / `--diff` over paths: fix each file, write it (or not), report.

The report holds each file's findings as linted *after* fixing, so the usual formats print
what is left and the exit status is 1 while anything is.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping

from acclint.run.options import for_file
from acclint.files.sources import display_path
from acclint.run.plan import Report, in_cell, in_cells, lint_bytes, plan, unreadable
from acclint.run.config import Settings
from acclint.common.findings import FileError, FileResult
from acclint.fix.apply import FixError, FixOutcome, fix_source
from acclint.fix.write import write_atomic
from acclint.common.refused import Refused


@dataclass
class FixRun:
    report: Report = field(default_factory=Report)
    outcomes: list[FixOutcome] = field(default_factory=list)
    written: dict[str, bytes] = field(default_factory=dict)  # each changed file's new bytes, by path as given

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


def fix_paths(paths: Iterable[str], settings: Settings = Settings(), unsafe: bool = False, write: bool = True,
              overlay: Mapping[str, bytes] | None = None) -> FixRun:
    """Fix every Python file under `paths`; with `write=False` (`--diff`) nothing is written.

    A path that cannot be used is an error result, as in `acclint.api.run`. A notebook is
    fixed as the module of its code cells, and its cells are rewritten in place. Every file's
    fixes are worked out before any file is written, so a fix that fails leaves no run half
    written; each file is then written whole or not at all, and one that cannot be written
    is an error result that keeps its original findings and claims no fix.
    """
    work = plan(paths, settings, overlay)
    project, seeds = work.project()
    run = FixRun()
    run.report.results += work.error_results()
    fixed: list[tuple[str, FixOutcome, bytes | None]] = []
    for path in work.files:
        shown = display_path(path)
        try:
            source = work.sources.read(path)
        except (OSError, Refused) as exc:
            run.report.results.append(unreadable(exc, shown))
            continue
        options = for_file(work.options, project, path, seeds)
        try:
            outcome = fix_source(source, shown, lambda data, options=options: lint_bytes(data, shown, settings, options), unsafe)
        except FixError as exc:
            run.report.results.append(FileResult(shown, error=FileError(shown, str(exc))))
            continue
        fixed.append(_file_bytes(path, outcome, work.sources.notebooks.get(path)))
    for path, outcome, data in fixed:
        if data is not None:
            try:
                if write:
                    write_atomic(path, data)
                run.written[path] = data
            except OSError as exc:
                outcome = outcome.unwritten(f"cannot write the fixed file ({exc.strerror or exc}); it is left as it was")
        notebook = work.sources.notebooks.get(path)
        if notebook is not None:
            outcome = _in_notebook(outcome, notebook, work.sources.raw(path), data)
        run.outcomes.append(outcome)
        run.report.results.append(outcome.result)
    return run


def _in_notebook(outcome: FixOutcome, notebook, raw: bytes, data: bytes | None) -> FixOutcome:
    """A notebook's outcome as its user sees it: the file's JSON before and after (what
    `--diff` shows) and every finding and note placed in its cell."""
    return replace(
        outcome,
        original=raw,
        fixed=data if data is not None else raw,
        result=in_cells(outcome.result, notebook),
        applied=[in_cell(f, notebook) for f in outcome.applied],
        unsafe_applied=[in_cell(f, notebook) for f in outcome.unsafe_applied],
        skipped=[replace(s, finding=in_cell(s.finding, notebook)) for s in outcome.skipped],
    )


def _file_bytes(path: str, outcome: FixOutcome, notebook) -> tuple[str, FixOutcome, bytes | None]:
    """The bytes to write for a fixed file (None when nothing changed): the fixed module, or
    the notebook with its cells rewritten (an outcome that cannot be put back is unwritten)."""
    if not outcome.changed:
        return path, outcome, None
    if notebook is None:
        return path, outcome, outcome.fixed
    try:
        return path, outcome, notebook.with_module(outcome.fixed.decode("utf-8"))
    except Refused as exc:
        return path, outcome.unwritten(str(exc)), None
