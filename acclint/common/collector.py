"""Pausing Python's cyclic garbage collector around work that allocates much and frees little.

An analysis of a large module allocates millions of objects (index records, body facts, kinds)
that all stay alive until it ends, and each collection their allocations set off scans
everything the process holds, the module's libcst nodes first: on a 50,000-line file, about a
fifth of the CPU of the whole run (benchmarks/big_file_bench.py). The work is bounded (one
module), so its cycles are left for the first collection after it.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

_keeping = False  # within `parsed_trees_set_aside`: each parse sets the heap aside (`set_aside`)


@contextmanager
def collection_paused() -> Iterator[None]:
    """No cyclic garbage collection while the block runs (as it was after: a caller that
    paused it keeps it paused)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


@contextmanager
def heap_set_aside() -> Iterator[None]:
    """Collections in the block scan only what it allocates: what is alive before it is moved
    out of the collector's sight (`gc.freeze`) and given back to its oldest generation after
    (`gc.unfreeze`). For short work over a big heap (a report of every linted file's module),
    where pausing collection would only move the collections, and the scans of the heap that
    the work's allocations set off, to the end. Nothing is moved where a caller has frozen the
    heap already (the language server: acclint.server.app.settle_heap), which must stay so."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@contextmanager
def parsed_trees_set_aside() -> Iterator[None]:
    """Within the block, each module a parse makes is moved out of the collector's sight as soon
    as it is made (`set_aside`, which acclint.parse.frontend.parse_module calls), and everything
    moved is given back to the oldest generation after (`gc.unfreeze`), its cycles then collected
    as any others. For a run that keeps every module it parses until it ends (acclint.run.runner):
    a libcst module holds no cycle, yet each collection the run's allocations set off scanned every
    module parsed so far (4.7 s of a 30 s cold run of the benchmark corpus; 0.7 s with them set
    aside). Garbage cycles alive at a parse are set aside with it and freed only after the block.
    Nothing is moved where a caller has frozen the heap already (the language server:
    acclint.server.app.settle_heap), which must stay so, nor again in a nested block."""
    global _keeping
    if _keeping or gc.get_freeze_count():
        yield
        return
    _keeping = True
    try:
        yield
    finally:
        _keeping = False
        gc.unfreeze()


def set_aside() -> None:
    """Move everything alive out of the collector's sight, within `parsed_trees_set_aside` only:
    after each parse, and after a parallel run's parent keeps what its workers sent back
    (acclint.run.jobs: a --jobs 2 corpus run's parent spent 1.4 s in collections, 0.6 s with)."""
    if _keeping:
        gc.freeze()
