"""acclint.common.collector.heap_set_aside: the heap alive before the block is out of the
collector's sight within it and given back after, unless a caller froze it (the server)."""

from __future__ import annotations

import gc

from acclint.common.collector import heap_set_aside


def test_the_heap_is_set_aside_within_and_given_back_after():
    kept = [[] for _ in range(1000)]
    assert gc.get_freeze_count() == 0
    with heap_set_aside():
        assert gc.get_freeze_count() >= len(kept)
    assert gc.get_freeze_count() == 0


def test_a_heap_a_caller_froze_stays_frozen():
    gc.freeze()
    try:
        with heap_set_aside():
            pass
        assert gc.get_freeze_count() > 0  # (objects frozen may be freed meanwhile: not a count)
    finally:
        gc.unfreeze()
