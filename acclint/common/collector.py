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
