"""ACC406 counts `del C[k]` as the change of an outer container it is (it was never reported:
the rule took `.value` of the `Subscript` target itself and so saw `C`, not `C[k]`).

Property: deleting an item of a container defined outside the cached trace runs only while a
trace is built. Run (jax 0.10.2, three calls): `del PENDING[0]` of a module-level list leaves
`[2, 3, 4]` under jax.jit and `[4]` eagerly. The look-alikes delete from a container the
function made itself, or unbind a name: every call does the same.
"""

from __future__ import annotations

from labelled import assert_labels_match


def test_del_of_an_item_of_a_module_level_list():
    assert_labels_match("""
        import jax

        PENDING = [1, 2, 3, 4]

        @jax.jit
        def step(x):
            del PENDING[0]  # expect: ACC406
            return x + 1
    """)


def test_del_of_several_targets_reports_the_outer_container():
    assert_labels_match("""
        import jax

        SEEN = {"a": 1}
        QUEUE = [0, 1]

        @jax.jit
        def step(x, seen=None):
            del QUEUE[-1], QUEUE[0]  # expect: ACC406
            return x
    """)


def test_del_of_a_slice_of_an_outer_list_through_a_helper():
    assert_labels_match("""
        import jax

        LOG = []

        def drop_log():
            del LOG[:]  # expect: ACC406

        @jax.jit
        def step(x):
            drop_log()
            return x * 2
    """)


def test_del_from_a_container_the_trace_made_or_of_a_name_is_fine():
    assert_labels_match("""
        import jax

        DEFAULTS = {"lr": 0.1, "decay": 0.9}

        @jax.jit
        def step(x):
            options = dict(DEFAULTS)
            del options["decay"]
            scale = x * 2
            del scale
            return x
    """)
