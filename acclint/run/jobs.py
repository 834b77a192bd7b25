"""Parallel runs (`--jobs N`): the per-file work of a run spread over worker processes.

Most of a run is per file and independent once the project's seeds are known. Workers do it and
send back plain data: each file's summary (what acclint.analysis.project keeps of a file between
runs) and its result as the result cache stores it (acclint.run.cache: findings without fix
edits). It goes in three steps:

1. workers screen every file the project holds no summary of (decode, text prefilter, parse
   guard, `ast` prefilter, index); as each file's screening comes back, the parent asks the
   installed libraries what its wrappers may lead to (`Project.ask_ahead`), which the reach's
   first dry run would otherwise ask alone, with the workers waiting;
2. in rounds, the parent asks the project which analyses its reach would make that the summaries
   do not hold yet (`Project.missing`, a dry run of the reach, which costs little), and workers
   parse and analyse each file with those seeds; the summaries they send back answer the next
   round's dry run, until it misses nothing. The first round holds the files the reach starts
   from, the next the files they reach, and so on;
3. the parent works out the project's seeds, replaying from the summaries, and workers lint each
   file the run reports on with its seeds.

A file is analysed and linted by the worker that analysed it first, which keeps its module and
its last analysis: a later round parses nothing again, and the lint reuses the analysis made
with the file's final seeds, as a run in one process does. The parent lints, itself, only what
no worker sent back. So the output is the same as a run in one process, in the same order (a
report is sorted), and a file's error comes back once, from the worker that met it.

Workers are forked where the platform can and the process has no other thread (the CLI's case),
spawned otherwise; the parent imports libcst, the rules and the analysis before it forks, so
that no worker imports them again.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import sys
import threading
from typing import TYPE_CHECKING, Mapping

from acclint.common.collector import set_aside
from acclint.run.results import result_to_data
from acclint.run.summaries import SummaryStore
from acclint.run.config import Settings

if TYPE_CHECKING:
    from acclint.analysis.project import Project
    from acclint.run.plan import Plan


class WorkerLost(Exception):
    """A worker died (out of memory, killed) or met a bug: the parent does the rest itself."""


# Below this many files to screen, starting workers costs more than it saves.
MIN_FILES_PER_WORKER = 8
# Rounds of analyses in the workers at most (a chain of reach this long is rare: the parent
# analyses the rest itself).
MAX_ROUNDS = 12


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def prefetch(work: Plan, jobs: int) -> None:
    """Screen the project files of `work` whose summary the project does not hold yet, make
    the analyses the project's reach needs, and lint the files the run reports on that changed
    or were analysed, in `jobs` processes; the summaries go to `work.summaries` and the results,
    with the seeds they were linted with, to `work.prefetched`. Does nothing where one process
    would be as fast."""
    files = [f for f in work.project_files if not _known(work, f)]
    jobs = min(jobs, len(files) // MIN_FILES_PER_WORKER)
    if jobs < 2:
        return
    project = work.bare_project()  # imports libcst and the analysis here, once, before forking
    work.options  # and the rules
    workers = _Workers(jobs, (work.project_files, work.settings, dict(work.sources.overlay), work.digests or {}))
    try:
        # the libraries each file's wrappers may lead to are asked as it comes back, while the
        # workers screen the others: the reach's first dry run asks them otherwise, alone
        workers.map(_screen, files, held={}, choice=workers.screener, each=lambda done: (_keep(work, done), project.ask_ahead(done[0])))
        set_aside()
        for _ in range(MAX_ROUNDS):
            missing = list(dict.fromkeys(project.missing()))
            if not missing:
                break
            paths = [path for path, _ in missing]
            summaries = [project.summary_of(p) or {} for p in paths]
            _collect(work, workers.map(_analyse, paths, [own for _, own in missing], summaries, held=workers.owner, choice=workers.owner))
        _, seeds = work.project()
        changed = set(files) | set(workers.owner)
        linted = [f for f in work.files if f in changed and f not in project.analysed]  # the parent holds those
        summaries = [project.summary_of(f) or {} for f in linted]
        held = {**workers.screener, **workers.owner}
        _collect(work, workers.map(_lint, linted, [seeds.get(f, ()) for f in linted], summaries, held=held, choice={}))
    except WorkerLost:  # the parent does the rest itself
        return
    finally:
        workers.close()


class _Workers:
    """`jobs` worker processes. A worker keeps what it made of a file: the front end's verdict
    of the files it screened (`screener`), and the module and last analysis of the files it
    analysed first (`owner`), so that a file's later analyses and its lint go where they are.
    All are started at once, before this process starts any thread (a queue's), so that each
    is forked from a process of one thread."""

    def __init__(self, jobs: int, initargs: tuple) -> None:
        context = multiprocessing.get_context(_start_method())
        self.answers = context.Queue()
        self.tasks = [context.Queue() for _ in range(jobs)]
        self.processes = [context.Process(target=_serve, args=(tasks, self.answers, initargs), daemon=True) for tasks in self.tasks]
        for process in self.processes:
            process.start()
        self.screener: dict[str, int] = {}
        self.owner: dict[str, int] = {}

    def map(self, function, paths: list[str], *arguments: list, held: dict[str, int], choice: dict[str, int], each=None) -> list:
        """`function` over `paths` (with `arguments`): each path sent to the worker that
        `held` names, another to the worker with the least to do in this call, the longest
        first (the worker chosen noted in `choice`); the answers in the order of `paths`, each
        also given to `each` as it comes. Raises WorkerLost when a worker died or failed."""
        load = [0] * len(self.tasks)
        chosen: dict[str, int] = {}
        sizes = {path: _size(path) for path in set(paths)}
        for path in sorted(sizes, key=lambda p: (p not in held, -sizes[p])):
            worker = held.get(path)
            if worker is None:
                worker = choice[path] = load.index(min(load))
            chosen[path] = worker
            load[worker] += sizes[path]
        for n, (path, *rest) in enumerate(zip(paths, *arguments)):
            self.tasks[chosen[path]].put((n, function, (path, *rest)))
        answers: list = [None] * len(paths)
        for _ in paths:
            n, done, answer = self._next()
            if not done:
                raise WorkerLost(answer)
            answers[n] = answer
            if each is not None:
                each(answer)
        return answers

    def _next(self) -> tuple:
        while True:
            try:
                return self.answers.get(timeout=1)
            except queue.Empty:
                if not all(process.is_alive() for process in self.processes):
                    raise WorkerLost("a worker died") from None

    def close(self) -> None:
        for tasks in self.tasks:
            tasks.put(None)
        for process in self.processes:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()


def _collect(work: Plan, done) -> None:
    """Keep what the workers sent back (`_keep`), set aside from the collector."""
    for answer in done:
        _keep(work, answer)
    set_aside()  # kept until the run ends, as parsed modules are: later collections skip it


def _keep(work: Plan, answer: tuple) -> None:
    """Keep what a worker sent back of a file: its summary (what it sends out for each set of
    seeds added to what is kept), and its result with the seeds it was linted with."""
    path, summary, result = answer
    content = summary.get("content")
    if content is not None:
        entry = work.summaries.summary(path, content)
        outgoing = {**entry.get("outgoing", {}), **summary.get("outgoing", {})}
        entry.update(summary)
        entry["outgoing"] = outgoing
    if result is not None:
        work.prefetched[path] = result


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


def _serve(tasks, answers, initargs: tuple) -> None:
    """A worker: plan the project, then answer each task (n, function, arguments) with (n,
    True, what the function returned), or (n, False, the error) and stop."""
    _start(*initargs)
    while (task := tasks.get()) is not None:
        n, function, arguments = task
        try:
            answers.put((n, True, function(*arguments)))
        except Exception as exc:  # a bug: the parent does the work itself, and meets it there
            answers.put((n, False, repr(exc)))
            return


def _screen(path: str) -> tuple[str, dict, None]:
    """A file's summary once screened."""
    project = _worker.bare_project()
    project.screened(path)
    return path, project.summary_of(path) or {}, None


def _analyse(path: str, own: tuple, summary: dict) -> tuple[str, dict, None]:
    """A file's summary once analysed with the seeds `own` (`summary`: what the parent knows of
    it). The worker keeps the module and the analysis, for the file's later analyses and its
    lint."""
    project = _adopt(path, summary)
    project.outgoing(path, own)
    return path, project.summary_of(path) or {}, None


def _lint(path: str, own: tuple, summary: dict) -> tuple[str, dict, tuple]:
    """A file's result with the seeds `own` (the project's, for it), with those seeds
    (`summary`: what the parent knows of it); the worker lets its module and analysis go."""
    project = _adopt(path, summary)
    result = result_to_data(_worker.lint(path, seeds={path: own}))
    project.forget(path)
    return path, {}, (own, result)


def _adopt(path: str, summary: dict) -> Project:
    """The worker's project, holding what the parent knows of `path` (what other workers found)."""
    if summary.get("content") is not None:
        _worker.summaries.summary(path, summary["content"]).update(summary)
    return _worker.bare_project()
