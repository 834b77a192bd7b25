"""Parallel runs (`--jobs N`): the per-file work of a run spread over worker processes.

Most of a run is per file and independent: screening each file (decode, text prefilter, parse
guard, `ast` prefilter, index), and for each file that may hold a context its libcst parse, its
analysis with no seeds from other files, and its lint with none. Workers do that and send back
plain data: the file's summary (what acclint.analysis.project keeps of a file between runs) and
its result as the result cache stores it (acclint.run.cache: findings without fix edits). The
parent then works out the project's seeds from the summaries, which costs almost nothing, and
lints again, itself, only the files other files' seeds reach. So the output is the same as a
run in one process, in the same order (a report is sorted), and a file's error comes back once,
from the worker that met it.

Workers are forked where the platform can and the process has no other thread (the CLI's case),
spawned otherwise.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Mapping

from acclint.run.results import result_to_data
from acclint.run.summaries import SummaryStore
from acclint.run.config import Settings

if TYPE_CHECKING:
    from acclint.run.plan import Plan

# Below this many files to screen, starting workers costs more than it saves.
MIN_FILES_PER_WORKER = 8


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def prefetch(work: Plan, jobs: int) -> None:
    """Screen, analyse and lint (with no seeds) the project files of `work` whose summary the
    project does not hold yet, in `jobs` processes; the summaries go to `work.summaries` and
    the results to `work.prefetched`. Does nothing where one process would be as fast."""
    files = [f for f in work.project_files if not _known(work, f)]
    jobs = min(jobs, len(files) // MIN_FILES_PER_WORKER)
    if jobs < 2:
        return
    reported = set(work.files)
    digests = work.digests or {}
    overlay = dict(work.sources.overlay)
    files.sort(key=_size, reverse=True)  # the longest first, so that no worker ends last alone
    context = multiprocessing.get_context(_start_method())
    try:
        with ProcessPoolExecutor(jobs, mp_context=context, initializer=_start, initargs=(work.project_files, work.settings, overlay, digests)) as pool:
            for path, summary, result in pool.map(_screen_and_lint, files, [f in reported for f in files], chunksize=2):
                content = summary.get("content")
                if content is not None:
                    work.summaries.summary(path, content).update(summary)
                if result is not None:
                    work.prefetched[path] = result
    except BrokenProcessPool:  # a worker died (out of memory, killed): the parent does the rest itself
        return


def _start_method() -> str:
    """Fork (the fastest) where the platform has it and this process runs no other thread;
    spawn otherwise: a forked child of a threaded process (an API caller's, or one that loaded
    JAX, whose threads Python does not see) can deadlock on a lock another thread held."""
    alone = threading.active_count() == 1 and "jax" not in sys.modules
    return "fork" if alone and "fork" in multiprocessing.get_all_start_methods() else "spawn"


def _known(work: Plan, path: str) -> bool:
    """Whether the run's summaries already hold this version of `path` (a warm cache)."""
    digest = (work.digests or {}).get(path)
    return digest is not None and work.summaries.holds(path, digest)


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


# -- in a worker ------------------------------------------------------------------------------
_worker: Plan | None = None


def _start(files: list[str], settings: Settings, overlay: Mapping[str, bytes], digests: Mapping[str, str | None]) -> None:
    """Each worker plans the same project as the parent, with summaries of its own."""
    global _worker
    from acclint.run.plan import Plan, Sources
    from acclint.files.discovery import Discovered

    _worker = Plan(settings, Discovered(list(files), []), Sources(overlay))
    _worker.project_files = list(files)  # the parent's, packages included
    _worker.summaries = SummaryStore()
    _worker.digests = dict(digests)


def _screen_and_lint(path: str, reported: bool) -> tuple[str, dict, dict | None]:
    """A file's summary, and (for a file the run reports on) its result with no seeds."""
    work = _worker
    project = work.bare_project()
    screened = project.screened(path)
    if screened.names_marker:
        project.outgoing(path, ())
    summary = project.summary_of(path) or {}
    result = result_to_data(work.lint(path, seeds={})) if reported else None
    project.forget(path)  # the worker keeps no module alive past its file
    return path, summary, result
