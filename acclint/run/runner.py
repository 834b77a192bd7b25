"""`run`: lint every file under some paths, with the project-wide contexts and the cache.

What the CLI and the API call. It plans the run (acclint.run.plan), then either serves unchanged
files from the result cache (acclint.run.cache) or lints each file.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from acclint.common.collector import parsed_trees_set_aside
from acclint.run.config import Settings
from acclint.run.plan import Report, plan


def run(paths: Iterable[str], settings: Settings = Settings(), overlay: Mapping[str, bytes] | None = None,
        cache: bool = False, jobs: int = 1) -> Report:
    """Lint every Python file and notebook under `paths`, with the contexts their imports carry
    from file to file (acclint.analysis.project). A path that cannot be used is an error result; the
    others are still linted. With `cache`, results of unchanged files come from the result
    cache (acclint.run.cache) and new ones are stored in it. `jobs`: how many processes do the
    per-file work (acclint.run.jobs); the report is the same for any number."""
    with parsed_trees_set_aside():  # every module parsed is kept until the run ends
        work = plan(paths, settings, overlay)
        report = Report(work.error_results())
        if work.contextless:  # nothing is traced anywhere: no file needs parsing
            report.results += [work.lint(path) for path in work.files]
        elif cache:  # a project with no context is checked faster than looked up
            from acclint.run.cache import cached_run

            report.results += cached_run(work, lambda: _prefetch(work, jobs))
        else:
            _prefetch(work, jobs)
            report.results += [work.lint(path) for path in work.files]
    return report


def _prefetch(work, jobs: int) -> None:
    """Spread the per-file work over `jobs` processes (their summaries are kept in memory
    when the run has no result cache)."""
    if jobs > 1:
        from acclint.run.jobs import prefetch
        from acclint.run.summaries import SummaryStore

        if work.summaries is None:
            work.summaries = SummaryStore()
        prefetch(work, jobs)
