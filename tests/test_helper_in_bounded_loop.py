"""A compiled callable a helper makes anew on each call, called from a bounded loop.

Property (ACC501): a wrapper a function applies, on each of its calls, to a new callable it
does not bind itself (`jax.jit(x.f)` of a bound method, `jax.jit(lambda ...)`,
`tf.function(lambda ...)`) and calls on that call, compiles again on every pass of a loop of two
or more passes that calls the function alike on each pass (passing nothing the loop binds, the
function reading no global the loop rebinds), bounded (`range(3)`, a literal collection) or
not: the same rule as the wrapper applied in the loop itself (acclint/analysis/loop_walk.py's
docstring: a bounded loop bounds values, not the objects made on each pass). A function given
the loop's value may build a new configuration from it on each pass (`partial(step,
mode=mode)` over modes, maxtext's `build_and_run(fused_mlp=fused_mlp)` compiling a new layer):
one compile per configuration, not flagged; a loop of one pass makes nothing twice.

Found by benchmarks/reports/perturb.py, rewrite R5 (a loop body moved into `def _body(..)`
called in the loop): dev jax_9672 lost on 2debb52, whose helper form is case one. Where the body
sits changes nothing at run time: jax 0.10 traces `f` on each of 3 calls of `_body1(x)`
(benchmarks/reports/verify.py on the R5 rewrite, `c.jax["f"] >= 3`, stop 54). Each case fails
on 2debb52; the look-alikes find nothing on both.
"""

import pytest

from labelled import assert_labels_match

HEADER = """
from functools import partial

import jax
import jax.numpy as jnp
import tensorflow as tf


class X:
    def f(self):
        return jnp.ones(3) * 2


def step(x, mode):
    return x if mode == "a" else -x

x = X()
"""

CASES = {
    "a jit of a bound method in a helper, called in range(3) (jax_9672 R5)": """
def _body1(x):
    jax.jit(x.f)()  # expect: ACC501

for i in range(3):
    _body1(x)
""",
    "a jit of a lambda in a helper, over a literal collection": """
def once():
    return jax.jit(lambda v: v + 1)(jnp.ones(3))  # expect: ACC501

for size in (1, 2, 3):
    once()
""",
    "a tf.function of a lambda in a helper, in main()'s bounded loop": """
def double():
    return tf.function(lambda t: t * 2)(tf.ones(3))  # expect: ACC501

def main():
    for epoch in range(4):
        double()

if __name__ == "__main__":
    main()
""",
    "the helper given the same object by keyword on each pass": """
def evaluate(obj):
    return jax.jit(obj.f)()  # expect: ACC501

for split in ("train", "test"):
    print(split)
    evaluate(obj=x)
""",
}

LOOK_ALIKES = {
    "one compile per configuration: the helper wraps what the loop passes": """
def run(mode):
    return jax.jit(partial(step, mode=mode))(jnp.ones(3))

for mode in ("a", "b"):
    run(mode)
""",
    "the helper given the loop's value builds a new configuration (maxtext's build_and_run)": """
def build_and_run(n):
    data = jnp.ones(n)
    return jax.jit(lambda v: v * 2)(data)

for n in (2, 3):
    build_and_run(n)
""",
    "the helper reads a global the loop rebinds": """
def build():
    return jax.jit(lambda v: v * scale)(jnp.ones(3))

for scale in (1.0, 2.0):
    build()
""",
    "a loop of one pass": """
def _body1(x):
    jax.jit(x.f)()

for i in range(1):
    _body1(x)
""",
    "the helper called once, in no loop": """
def _body1(x):
    jax.jit(x.f)()

_body1(x)
""",
}


@pytest.mark.parametrize("name", [*CASES, *LOOK_ALIKES])
def test_helper_in_bounded_loop(name):
    assert_labels_match(HEADER + CASES.get(name, LOOK_ALIKES.get(name)))
