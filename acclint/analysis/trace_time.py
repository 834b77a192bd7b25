"""Program order for trace time: when a write falls between a trace's build and a later hit.

A compiled callable builds a trace on its first call (a cache miss) and replays it on later
calls (hits); what the trace read and did not take as an argument is frozen into it. A hidden
input is stale exactly when the program can write it after a build and before a later call
that hits the same cache entry, with nothing in between that starts a new cache (a redefinition
of the callable, a new wrapper application, `jax.clear_caches()`).

This module answers that question over events placed in program order: each event has its
position in source order (`seq`), the loops around it (outermost first; a loop repeats its
body, so an event late in one pass precedes an early one in the next) and the conditional
branches around it (`conds`: an event in a branch may not run). Events of one scope are
ordered; notebooks are one module of their cells in order. It knows nothing of what the events
are: `acclint.analysis.bindings` records them and says which are builds, writes and resets.
"""

from __future__ import annotations

from typing import Iterable, Protocol, Sequence


class Placed(Protocol):
    """An event placed in program order."""

    seq: int
    loops: tuple
    conds: tuple


def precedes(first: Placed, then: Placed) -> bool:
    """Whether some run of the program reaches `then` after `first`: later in source order,
    or in a later pass of a loop around both."""
    return first.seq < then.seq or bool(set(first.loops) & set(then.loops))


def cuts(reset: Placed, start: Placed, end: Placed) -> bool:
    """Whether `reset` runs on every path from `start` to `end`: in no branch that one of them
    is outside of, and either between them in a loop `end` is in and `start` is not (entered on
    the way, `reset` before `end` in its body), or between them in the loops around both
    (across the back edge of the innermost one when `end` is not later in source order)."""
    common_loops = set(start.loops) & set(end.loops)
    if not set(reset.conds) <= set(start.conds) & set(end.conds) or not set(reset.loops) <= set(end.loops):
        return False
    if not set(reset.loops) <= common_loops:  # in a loop around `end` only: entered after `start`
        return start.seq < reset.seq < end.seq
    if start.seq < end.seq:
        return start.seq < reset.seq < end.seq
    innermost = next((loop for loop in reversed(start.loops) if loop in common_loops), None)
    if innermost is None or innermost not in reset.loops:
        return False
    return reset.seq > start.seq or reset.seq < end.seq


def reaches(start: Placed, end: Placed, resets: Iterable[Placed]) -> bool:
    """Whether a run can go from `start` to `end` with no reset in between."""
    return precedes(start, end) and not any(cuts(r, start, end) for r in resets)


def stale_window(
    write: Placed, calls: Sequence[Placed], resets_of, same_cache=lambda a, b: True, once: bool = False,
) -> tuple[Placed, Placed] | None:
    """A build and a later hit that `write` falls between, or None.

    `calls`: the calls that may build or hit the trace; `resets_of(call)`: the events that
    start a new cache for `call`; `same_cache(a, b)`: whether two calls can share a cache
    entry (the same callable through the same name). `once`: the write runs at most once, the
    first time it is reached (a lazy initialisation, `if X is None: X = load()`): a build in an
    earlier pass of a loop around both never precedes it (the write ran in the first pass, or
    not at all), only a build earlier in source order does."""
    for build in calls:
        if once and build.seq > write.seq or not reaches(build, write, resets_of(build)):
            continue
        for hit in calls:
            if same_cache(build, hit) and reaches(write, hit, resets_of(hit)):
                return build, hit
    return None
