"""Fix cases: branches on traced values that `acclint check --fix` rewrites to selects, or to
`lax.cond` where no select is exact (``ramp``, ``safe_log``).

Written for the fixer (tests/test_fix_fixtures.py): each function has both-branch inputs in
``CALLS`` (the tests also run them scaled by negative and large factors). ``log_then_scale``
is the refusal case: a branch with a call that may have effects gets no fix.
"""

import jax

from acclint.crosscheck.recipes import Call, arr

STEPS = []


def log_step(x):
    STEPS.append(x)  # expect: ACC406
    return x


@jax.jit
def signed_pair(x):
    cond = x.sum() > 0  # expect: ACC201
    y = jax.numpy.where(cond, x * 2.0, -x)
    z = jax.numpy.where(cond, y + 1.0, y - 1.0)
    return y * z


@jax.jit
def banded_gain(x):
    level = x.mean()
    # expect: ACC201
    gain = jax.numpy.where(level > 0.3, 2.0, jax.numpy.where(level < -0.3, 0.5, 1.0))  # expect: ACC201
    return x * gain


@jax.jit
def boosted(x):
    y = x + 1.0
    y = jax.numpy.where(y.max() > 1.5, y * 3.0, y)  # expect: ACC201
    return y


@jax.jit
def ramp(x):
    return jax.lax.cond(x.max() > 0.5, lambda: x * 3.0, lambda: x)  # expect: ACC203


@jax.jit
def safe_log(x):
    return jax.lax.cond(x.min() > 0, lambda: jax.numpy.log(x), lambda: x)  # expect: ACC201


@jax.jit
def log_then_scale(x):
    if x.sum() > 0:  # expect: ACC201
        y = log_step(x)
    else:
        y = x
    return y


CALLS = {
    "signed_pair": Call("signed_pair", arr(4)),
    "banded_gain": Call("banded_gain", arr(3)),
    "boosted": Call("boosted", arr(3)),
    "ramp": Call("ramp", arr(3)),
    "safe_log": Call("safe_log", arr(3, low=0.1, high=2.0)),
    "log_then_scale": Call("log_then_scale", arr(3), covers=("log_step",)),
}
