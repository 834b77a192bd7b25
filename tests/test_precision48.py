"""Precision round 11 (stop 48): the four false findings wrappers47's returned-callable reach
added on real code (benchmarks/realworld/triage), each fixed at its cause and tested on other
spellings of the property, written before the change, beside the hazard that must stay found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be. The framework facts are one run: benchmarks/framework_runs.py
`jax_trace_time_writes_that_change_nothing` (jax 0.10.2, three calls each, eager beside jit).
"""

from __future__ import annotations

from labelled import assert_labels_match

# -- 1. a change to an outer container undone in a `finally` (ACC406) -------------------------
# equinox `module_update_wrapper`: `_currently_initialising.add(wrapper)`, then `try: ...
# finally: _currently_initialising.remove(wrapper)`. Property: a mutation of an outer container
# that a `finally` right after it undoes (the same container, the same item) leaves the container
# as it found it on every run, so a cached call skipping both changes nothing. Run: the set is
# empty after each of three calls, eager and jitted; an append with no pop, and a remove an early
# return skips, grow eagerly (1, 2, 3) and stop under jit (1, 1, 1).


def test_an_add_undone_by_a_remove_in_the_finally_after_it():
    assert_labels_match("""
        import jax

        _INITIALISING = set()

        def copy_fields(wrapper, wrapped):
            _INITIALISING.add(wrapper)
            try:
                for name in ("__name__", "__doc__"):
                    setattr(wrapper, name, getattr(wrapped, name))
            finally:
                _INITIALISING.remove(wrapper)
            return wrapper

        @jax.jit
        def step(x):
            copy_fields(object(), step)
            return x * 2
    """)


def test_other_spellings_of_a_change_a_finally_undoes():
    """An item pushed inside the `try` and removed in its `finally`; a dict entry set and
    deleted; a set's item discarded after other clean-up in the `finally`; a dict entry set and
    popped; a stack pushed and popped."""
    assert_labels_match("""
        import jax

        ACTIVE = []
        SCOPES = {}
        SEEN = set()
        CACHE = {}
        STACK = []

        @jax.jit
        def step(x, name="a"):
            try:
                ACTIVE.append(name)
                y = x * 2
            finally:
                ACTIVE.remove(name)
            SCOPES[name] = y
            try:
                y = y + 1
            finally:
                del SCOPES[name]
            SEEN.add(id(x))
            try:
                y = y - 1
            finally:
                print_done = None
                SEEN.discard(id(x))
            CACHE[name] = y
            try:
                y = y * 3
            finally:
                CACHE.pop(name, None)
            STACK.append(y)
            try:
                return y
            finally:
                STACK.pop()
    """)


def test_a_change_no_finally_undoes_stays_reported():
    """An append with no undo; a remove an early return skips; a `finally` removing another
    item; a `finally` that undoes the change only under an `if`; a remove with no add."""
    assert_labels_match("""
        import jax

        ACTIVE = []
        OTHER = set()

        @jax.jit
        def grows(x):
            ACTIVE.append(x)  # expect: ACC406
            return x * 2

        @jax.jit
        def skipped(x, stop=True):
            ACTIVE.append(1)  # expect: ACC406
            if stop:
                return x
            ACTIVE.remove(1)  # expect: ACC406
            return x

        @jax.jit
        def another_item(x, a=1, b=2):
            OTHER.add(a)  # expect: ACC406
            try:
                return x * 2
            finally:
                OTHER.remove(b)  # expect: ACC406

        @jax.jit
        def maybe(x, ok=True):
            OTHER.add(1)  # expect: ACC406
            try:
                return x * 2
            finally:
                if ok:
                    OTHER.remove(1)  # expect: ACC406

        @jax.jit
        def only_removes(x):
            OTHER.discard(3)  # expect: ACC406
            return x
    """)


# -- 2. a once-flag set after the block it guards (ACC405) ------------------------------------
# big_vision `pp/builder.py`: `if log_data: logging.info(...)`, ..., `log_data = False  # only
# log first one of each pipeline`. Property: a write of a constant that turns off every test of
# the same flag in the same function, each guarding host output only (print, logging), with no
# other value written to it there, is a once-flag: the output comes once, eager or traced, and
# after the first run the flag holds that constant for good, so the runs a cached call skips
# would write nothing new. Run: one log and the flag False after each of three calls, eager and
# jitted; a toggled flag logs on calls 1 and 3 eagerly, once under jit; a flag guarding traced
# code (`if first: x = x + 1`) gives 2, 1, 1 eagerly and 2, 2, 2 under jit (the trace keeps the
# branch it took), and one guarding `jax.debug.callback` runs it once eagerly, on every jitted
# call (staged into the program): both stay reported.


def test_a_once_flag_set_after_the_block_it_guards():
    """big_vision's shape; its two logs are ACC403's (triaged debatable there)."""
    assert_labels_match("""
        import logging
        import jax

        def get_preprocess_fn(ops, log_data=True):
            def _preprocess_fn(data):
                nonlocal log_data
                if log_data:
                    logging.info("Data before pre-processing: %s", data)  # expect: ACC403
                for op in ops:
                    data = op(data)
                if log_data:
                    logging.info("Data after pre-processing: %s", data)  # expect: ACC403
                log_data = False
                return data

            return _preprocess_fn

        step = jax.jit(get_preprocess_fn([lambda d: d * 2]))
    """)


def test_other_spellings_of_a_once_flag_written_after_its_test():
    """`if not _WARNED: print(...)` then `_WARNED = True` at module scope; `if _FIRST is None`
    set to a number at the end of a `with` block; the flag written before the test it turns
    off; a logger's warning under `if verbose is True`."""
    assert_labels_match("""
        import contextlib
        import logging
        import jax

        logger = logging.getLogger(__name__)
        _WARNED = False
        _FIRST = None

        @jax.jit
        def warn_once(x):
            global _WARNED
            if not _WARNED:
                print("compiling warn_once")
            _WARNED = True
            return x * 2

        @jax.jit
        def stamp(x):
            global _FIRST
            with contextlib.suppress(KeyError):
                if _FIRST is None:
                    print("first trace")
                _FIRST = 1
            return x

        def make(verbose=True, quiet=True):
            def fn(x):
                nonlocal verbose, quiet
                quiet = False
                if quiet:
                    print("quiet")
                if verbose is True:
                    logger.warning("tracing fn")
                verbose = None
                return x

            return jax.jit(fn)
    """)


def test_a_flag_that_is_not_a_once_flag_stays_reported():
    """A toggled flag; a flag set to the value its test runs under; a flag written but never
    tested; a flag turned off after its block and back on in another branch; a computed value;
    a flag guarding traced code, a staged callback, or an `else`."""
    assert_labels_match("""
        import jax

        _ON = True
        _DONE = False
        _SEEN = False

        @jax.jit
        def toggle(x):
            global _ON
            if _ON:
                print("on")
            _ON = not _ON  # expect: ACC405
            return x

        @jax.jit
        def stays_on(x):
            global _ON
            if _ON:
                print("on")
            _ON = True  # expect: ACC405
            return x

        @jax.jit
        def never_tested(x):
            global _DONE
            _DONE = True  # expect: ACC405
            return x

        @jax.jit
        def back_on(x, reset=False):
            global _SEEN
            if not _SEEN:
                print("first")
            if reset:
                _SEEN = False  # expect: ACC405
            else:
                _SEEN = True  # expect: ACC405
            return x

        @jax.jit
        def computed(x, n=1):
            global _SEEN
            if not _SEEN:
                print("first")
            _SEEN = n > 0  # expect: ACC405
            return x

        def make(first=True, staged=True, other=True):
            def baked(x):
                nonlocal first
                if first:
                    x = x + 1
                first = False  # expect: ACC405
                return x

            def callback(x):
                nonlocal staged
                if staged:
                    jax.debug.callback(lambda: None)
                staged = False  # expect: ACC405
                return x

            def with_else(x):
                nonlocal other
                if other:
                    print("first")
                else:
                    x = x * 2
                other = False  # expect: ACC405
                return x

            return jax.jit(baked), jax.jit(callback), jax.jit(with_else)
    """)


# -- 3. an idempotent conversion of the variable's own value (ACC405) -------------------------
# optax `cosine_decay_schedule`: `nonlocal decay_steps; decay_steps, count = jax.tree.map(lambda
# x: float(x) if isinstance(x, int) else x, (decay_steps, count))`. Property: a write whose new
# value is a Python scalar conversion of the variable's own value (`float`, `int`, `bool`,
# `complex`, `str`: each idempotent and giving a Python value), or that value kept under a test
# and converted otherwise, with no other write to it there, gives on every later run the value it
# already holds, so the runs a cached call skips change nothing. Run: the closure's value is a
# float after each of three calls, eager and jitted; `n = n + 1` counts 1, 2, 3 eagerly, 1, 1, 1
# under jit.


def test_an_idempotent_conversion_through_a_tree_map():
    assert_labels_match("""
        import jax
        import jax.numpy as jnp

        def cosine_decay_schedule(init_value, decay_steps):
            def schedule(count):
                nonlocal decay_steps
                decay_steps, count = jax.tree.map(
                    lambda x: float(x) if isinstance(x, int) else x, (decay_steps, count)
                )
                count = jnp.minimum(count, decay_steps)
                return init_value * (1 - count / decay_steps)

            return schedule

        lr = jax.jit(cosine_decay_schedule(0.1, 100))
    """)


def test_other_spellings_of_an_idempotent_conversion():
    """A bare `float(x)` of a closure's value; a global made a `str`; the value kept when it is
    already a float and converted otherwise (the test's branches swapped); `jax.tree.map(int, n)`."""
    assert_labels_match("""
        import jax

        NAME = 3

        def make(scale, steps, n):
            def fn(x):
                nonlocal scale, steps, n
                scale = float(scale)
                steps = steps if isinstance(steps, float) else float(steps)
                n = jax.tree.map(int, n)
                return x * scale * steps * n

            return jax.jit(fn)

        @jax.jit
        def named(x):
            global NAME
            NAME = str(NAME)
            return x
    """)


def test_a_write_that_is_no_idempotent_conversion_stays_reported():
    """`n = n + 1`; another variable converted; two conversions that undo each other
    (`int(x) if isinstance(x, float) else float(x)`); a conversion kept for one branch, another
    value in the other; an idempotent conversion beside another write of the same name."""
    assert_labels_match("""
        import jax

        def make(n, scale, other, x0, steps):
            def fn(x):
                nonlocal n, scale, x0, steps
                n = n + 1  # expect: ACC405
                scale = float(other)  # expect: ACC405
                x0 = int(x0) if isinstance(x0, float) else float(x0)  # expect: ACC405
                steps = float(steps)  # expect: ACC405
                if x0:
                    steps = 0  # expect: ACC405
                return x * n

            return jax.jit(fn)
    """)


def test_a_conversion_chosen_by_another_value_stays_reported():
    """The branch between keeping and converting picked by a global (`MODE`) or a closure
    value (`eager`), not by the value itself: a later run may take the other branch."""
    assert_labels_match("""
        import jax

        MODE = "keep"

        def make(steps, eager=False):
            def fn(x):
                nonlocal steps
                steps = steps if MODE == "keep" else float(steps)  # expect: ACC405
                return x * steps

            def other(x):
                nonlocal steps
                steps = float(steps) if eager else steps  # expect: ACC405
                return x

            return jax.jit(fn), jax.jit(other)
    """)
