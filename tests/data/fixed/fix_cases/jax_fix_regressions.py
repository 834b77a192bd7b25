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
    a, b = jax.lax.cond(x.sum() > 0, lambda: (x * 2.0, x * 3.0), lambda: (a, b))  # expect: ACC201
    return a + b + cond


@jax.jit
def both_positive(x, y):
    return jax.numpy.where(jax.numpy.logical_and(x.sum() > 0, y.sum() > 0), x + y, x - y)  # expect: ACC201


@jax.jit
def outside_band(x):
    return jax.lax.cond(jax.numpy.logical_not(jax.numpy.logical_and(-0.5 < x.mean(), x.mean() < 0.5)), lambda: x * 0.5, lambda: x)  # expect: ACC201


@jax.jit
def annotated(x):
    # doubled
    # the first arm ends here
    # an elif follows
    # expect: ACC201
    # an else follows
    # the rest
    y = jax.lax.cond(x.sum() > 1.0, lambda: x * 2.0, lambda: jax.lax.cond(x.sum() < -1.0, lambda: x * 0.5, lambda: -x))  # expect: ACC201
    return y


@jax.jit
def halved(x):
    # otherwise unchanged
    return jax.lax.cond(x.max() > 1.0, lambda: x * 0.5, lambda: x)  # expect: ACC201


@jax.jit
def graded(x):
    return jax.numpy.where(x.sum() > 10.0, x * 12.0, jax.numpy.where(x.sum() > 9.0, x * 11.0, jax.numpy.where(x.sum() > 8.0, x * 10.0, jax.numpy.where(x.sum() > 7.0, x * 9.0, jax.numpy.where(x.sum() > 6.0, x * 8.0, jax.numpy.where(x.sum() > 5.0, x * 7.0, jax.numpy.where(x.sum() > 4.0, x * 6.0, jax.numpy.where(x.sum() > 3.0, x * 5.0, jax.numpy.where(x.sum() > 2.0, x * 4.0, jax.numpy.where(x.sum() > 1.0, x * 3.0, jax.lax.cond(x.sum() > 0.0, lambda: x * 2.0, lambda: x)))))))))))  # expect: ACC203


CALLS = {
    "offset_pair": Call("offset_pair", arr(3)),
    "both_positive": Call("both_positive", arr(3), arr(3)),
    "outside_band": Call("outside_band", arr(3)),
    "annotated": Call("annotated", arr(4)),
    "halved": Call("halved", arr(3)),
    "graded": Call("graded", arr(4)),
}
