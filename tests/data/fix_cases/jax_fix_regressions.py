"""Fix cases from issue 14: fixes that once changed what the code computes, raised under the
transform, dropped a comment or were left half done (tests/test_fix_fixtures.py runs each
fixed function under `jax.jit` against the original run eagerly).

``offset_pair``: the temporary holding the condition must not shadow the module's ``cond``
(the fix once returned 3.0 more instead of 2.5 more). ``both_positive`` and ``outside_band``:
``and``, ``not`` and a chained comparison become element-wise (``where(a and b, ...)`` still
asks a tracer for its truth). ``annotated`` and ``halved``: comments on ``elif``/``else`` lines,
before them, after an arm and before the ``return`` an else-less ``if`` folds in are kept.
``graded``: eleven nested conditional expressions are fixed in one run (once cut off at ten
rounds, so a second ``--fix`` changed the file again).
"""

import jax

from acclint.crosscheck.recipes import Call, arr

cond = 2.5  # a module-level name the fix's temporary must not shadow


@jax.jit
def offset_pair(x):
    a = x
    b = x
    if x.sum() > 0:  # expect: ACC201
        a = x * 2.0
        b = x * 3.0
    return a + b + cond


@jax.jit
def both_positive(x, y):
    if x.sum() > 0 and y.sum() > 0:  # expect: ACC201
        return x + y
    return x - y


@jax.jit
def outside_band(x):
    if not -0.5 < x.mean() < 0.5:  # expect: ACC201
        return x * 0.5
    return x


@jax.jit
def annotated(x):
    if x.sum() > 1.0:  # expect: ACC201
        y = x * 2.0  # doubled
        # the first arm ends here
    # an elif follows
    elif x.sum() < -1.0:  # expect: ACC201
        y = x * 0.5
    # an else follows
    else:  # the rest
        y = -x
    return y


@jax.jit
def halved(x):
    if x.max() > 1.0:  # expect: ACC201
        return x * 0.5
    # otherwise unchanged
    return x


@jax.jit
def graded(x):
    return x * 12.0 if x.sum() > 10.0 else (x * 11.0 if x.sum() > 9.0 else (x * 10.0 if x.sum() > 8.0 else (x * 9.0 if x.sum() > 7.0 else (x * 8.0 if x.sum() > 6.0 else (x * 7.0 if x.sum() > 5.0 else (x * 6.0 if x.sum() > 4.0 else (x * 5.0 if x.sum() > 3.0 else (x * 4.0 if x.sum() > 2.0 else (x * 3.0 if x.sum() > 1.0 else (x * 2.0 if x.sum() > 0.0 else x))))))))))  # expect: ACC203


CALLS = {
    "offset_pair": Call("offset_pair", arr(3)),
    "both_positive": Call("both_positive", arr(3), arr(3)),
    "outside_band": Call("outside_band", arr(3)),
    "annotated": Call("annotated", arr(4)),
    "halved": Call("halved", arr(3)),
    "graded": Call("graded", arr(4)),
}
