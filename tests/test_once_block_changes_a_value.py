"""ACC405: a once-block or memo test is exempt only where the block changes no value the trace computes on (stop 49, round-10 once-flag).

A write under a test of its own flag (`if not _done: ...; _done = True`, `if cache is None:
cache = ...`) fills a trace-time cache or turns a once-flag off: eagerly it runs on the first call
only, as traced, so it is exempt. But a block that also rebinds a value the function computes on
(a parameter, or a name bound before it: `x = x + 1`) is baked into the trace as first seen. Run
with jax 0.10.2, three calls of `f(1.0)`: `if not done: x = x + 1; done = True` gives 2, 1, 1
eagerly and 2, 2, 2 under `jax.jit`; `if first: x = x + 1` with `first = False` after it, the same.
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
import jax

done = False
first = True
_scale = None
"""

CASES = {
    "the flag turned off in the block that changes the argument": """
@jax.jit
def step(x):
    global done
    if not done:
        x = x + 1
        done = True  # expect: ACC405
    return x
""",
    "a value bound before the block, changed under a memo test": """
@jax.jit
def scaled(x):
    global _scale
    y = x * 2
    if _scale is None:
        y = y - 1
        _scale = 3.0  # expect: ACC405
    return y
""",
    "a nonlocal once-flag in a closure, an augmented change": """
def make():
    warmed = False

    @jax.jit
    def step(x):
        nonlocal warmed
        if not warmed:
            x += 1
            warmed = True  # expect: ACC405
        return x

    return step
""",
    "a once-block that prints, fills a cache, or binds a name of its own": """
@jax.jit
def step(x):
    global done
    if not done:
        print("compiling")
        done = True
    return x

@jax.jit
def cached(x):
    global _scale
    if _scale is None:
        factor = 3.0
        _scale = factor
    return x * _scale
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_once_block_that_changes_a_value_is_no_memo(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC4")
    assert found == expected
