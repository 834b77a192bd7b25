"""A name bound to another name holds the same compiled callable.

Property (ACC501): `g = f` binds `g` to the object `f` holds, so a call `g(x)` is a call of that
compiled callable with its cache: where `f` is a new compiled callable on every pass of an
unbounded loop, calling it through `g` compiles on every pass, as calling `f` would. Written for
the dev report onnxruntime_27665 (`inference = encoder_forward; inference()`, a `tf.function`
made per configuration and called through the alias).

Run (tensorflow-cpu 2.21, jax 0.10.2; traces counted by a Python counter in the wrapped body, 6
passes): 6, 6 and 6 traces. Look-alikes: a module-level jitted function called through an alias
on each pass, 1; a compiled function made once before the loop and aliased in it, 1.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
COUNT = [0]
"""

CASES = {
    "a tf.function defined per pass, called through an alias": """
def run(xs):
    for x in xs:
        @tf.function
        def forward():
            COUNT[0] += 1
            return x * 2
        inference = forward
        inference()  # expect: ACC501

run([tf.ones((1, n)) for n in range(1, 7)])
""",
    "a jax.jit of a new lambda, called through an alias": """
def run(scales):
    for s in scales:
        f = jax.jit(lambda v: (COUNT.__setitem__(0, COUNT[0] + 1), v * s)[1])  # expect: ACC501
        g = f
        g(jnp.ones(3))

run([float(k) for k in range(6)])
""",
    "an alias of an alias, in a while loop": """
k = 0
while k < 6:
    step = jax.jit(partial(lambda v, c: (COUNT.__setitem__(0, COUNT[0] + 1), v + c)[1], c=k))  # expect: ACC501
    runner = step
    go = runner
    go(jnp.ones(3))
    k += 1
""",
    "look-alike: a module-level jitted function called through an alias each pass": """
@jax.jit
def scaled(v):
    COUNT[0] += 1
    return v * 2

for k in range(6):
    g = scaled
    g(jnp.ones(3))
""",
    "look-alike: a compiled function made once before the loop, aliased in it": """
def run(xs):
    @tf.function
    def forward(x):
        COUNT[0] += 1
        return x * 2
    for x in xs:
        inference = forward
        inference(x)

run([tf.ones((1, 3)) * n for n in range(6)])
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_an_alias_calls_the_compiled_callable_it_names(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected
