"""acclint.common.collector: the heap alive before `heap_set_aside` is out of the collector's
sight within it and given back after, and each module parsed within `parsed_trees_set_aside`
is set aside until it ends; neither touches a heap a caller froze (the server)."""

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


def test_a_run_sets_each_parsed_module_aside_and_gives_all_back_after():
    from acclint.common.collector import parsed_trees_set_aside
    from acclint.parse.frontend import parse_module

    assert gc.get_freeze_count() == 0
    parse_module("x = 1\n")
    assert gc.get_freeze_count() == 0  # outside a run: nothing moves
    with parsed_trees_set_aside():
        assert gc.get_freeze_count() == 0
        parse_module("def f(x):\n    return x + 1\n")
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0


def test_a_run_leaves_a_heap_a_caller_froze_frozen():
    from acclint.common.collector import parsed_trees_set_aside

    gc.freeze()
    try:
        with parsed_trees_set_aside():
            pass
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_cycles_set_aside_with_a_parse_are_collected_after_the_run():
    import weakref

    from acclint.common.collector import parsed_trees_set_aside
    from acclint.parse.frontend import parse_module

    class Node:
        pass

    with parsed_trees_set_aside():
        cycle = Node()
        cycle.me = cycle
        alive = weakref.ref(cycle)
        del cycle
        parse_module("y = 2\n")  # the cycle is set aside with the module
        gc.collect()
        assert alive() is not None
    gc.collect()
    assert alive() is None
