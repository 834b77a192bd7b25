"""`run`: lint every file under some paths, with the project-wide contexts and the cache.

What the CLI and the API call. It plans the run (acclint.run.plan), then either serves unchanged
files from the result cache (acclint.run.cache) or lints each file.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from acclint.run.config import Settings
from acclint.run.plan import Report, plan


def run(paths: Iterable[str], settings: Settings = Settings(), overlay: Mapping[str, bytes] | None = None,
        cache: bool = False) -> Report:
    """Lint every Python file and notebook under `paths`, with the contexts their imports carry
    from file to file (acclint.analysis.project). A path that cannot be used is an error result; the
    others are still linted. With `cache`, results of unchanged files come from the result
    cache (acclint.run.cache) and new ones are stored in it."""
    work = plan(paths, settings, overlay)
    report = Report(work.error_results())
    if cache and not work.contextless:  # a project with no context is checked faster than looked up
        from acclint.run.cache import cached_run

        report.results += cached_run(work)
    else:
        report.results += [work.lint(path) for path in work.files]
    return report
