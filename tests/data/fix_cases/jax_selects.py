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
    if x.sum() > 0:  # expect: ACC201
        y = x * 2.0
        z = y + 1.0
    else:
        y = -x
        z = y - 1.0
    return y * z


@jax.jit
def banded_gain(x):
    level = x.mean()
    if level > 0.3:  # expect: ACC201
        gain = 2.0
    elif level < -0.3:  # expect: ACC201
        gain = 0.5
    else:
        gain = 1.0
    return x * gain


@jax.jit
def boosted(x):
    y = x + 1.0
    if y.max() > 1.5:  # expect: ACC201
        y = y * 3.0
    return y


@jax.jit
def ramp(x):
    return x * 3.0 if x.max() > 0.5 else x  # expect: ACC203


@jax.jit
def safe_log(x):
    if x.min() > 0:  # expect: ACC201
        return jax.numpy.log(x)
    else:
        return x


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
