"""A Python number drawn from a host random generator is a new value on every pass.

Property (ACC502/ACC504): a scalar drawn by a host generator with a continuous range
(`random.random()`, `np.random.uniform()`, `np.random.randn()`) differs on every call, so where a
cache keys Python values by value (a static argument, tf.function's and equinox's Python
arguments, dlaccelerate's non-dlarray inputs) a call given one on every pass of a loop compiles
on every pass, as one given the loop's counter does. Not a storm: a drawn array (keyed by shape),
a draw passed as an ordinary jax.jit argument (a weakly typed tracer), an integer draw from a
small range (`random.randint(0, 1)`: bounded).
Run (jax 0.10.2, equinox 0.13.8, tensorflow-cpu 2.21; 6 passes): tf.function given
`random.random()` 6 traces, a static argument given `np.random.uniform()` 6, `eqx.filter_jit`
given `np.random.randn()` 6; jax.jit's traced argument 1, tf.function given
`np.random.randn(3)` 1, a static `random.randint(0, 1)` 2. Written for numpyro#1347 (dev report
numpyro_1347: `mcmc.run(key, np.random.randn())` on each pass).
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

CASES = {
    "tf.function given random.random() on each pass": """
import random as host_random

@tf.function
def tf_scaled(x, lr):
    return x * lr

def train(x, n):
    for i in range(n):
        tf_scaled(x, host_random.random())  # expect: ACC502
""",
    "a static argument given np.random.uniform() in a while loop": """
@partial(jax.jit, static_argnums=1)
def scale(x, k):
    return x * k

def run(x):
    while True:
        x = scale(x, np.random.uniform())  # expect: ACC502
        if x.sum() > 10:
            break
""",
    "eqx.filter_jit given np.random.randn() through a name": """
import equinox as eqx

@eqx.filter_jit
def eqx_scaled(x, k):
    return x * k

def run(x, n):
    for i in range(n):
        noise = np.random.randn()
        x = eqx_scaled(x, noise)  # expect: ACC502
""",
    "look-alike: the draw as an ordinary jax.jit argument": """
@jax.jit
def traced_scale(x, k):
    return x * k

def run(x, n):
    for i in range(n):
        x = traced_scale(x, np.random.randn())
""",
    "look-alike: a drawn array given a tf.function": """
@tf.function
def tf_times(x, a):
    return x * a

def run(x, n):
    for i in range(n):
        tf_times(x, np.random.randn(3).astype(np.float32))
""",
    "look-alike: a static integer drawn from two values": """
import random as host_random

@partial(jax.jit, static_argnums=1)
def scale(x, k):
    return x * k

def run(x, n):
    for i in range(n):
        x = scale(x, host_random.randint(0, 1))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_host_draw_is_new_on_every_pass(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected
