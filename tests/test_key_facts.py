"""The per-pass facts of ACC5's cache-key analysis (acclint.analysis.loops), one test per way a
fact flows: each hazard in a few spellings and a look-alike that compiles once. Each shape was
labelled by running it in benchmarks/storm_spellings.py (tests/data/spellings/storms)."""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
@partial(jax.jit, static_argnums=1)
def keyed(v, k):
    return v * 2.0

def schedule(s):
    return 0.1 * 0.9 ** s

def warmup(s, n):
    scaled = s / n
    return min(scaled, 1.0)

def constant(s):
    return 0.5
"""

CASES = {
    "into a function two calls below the loop, and the names it binds": """
def inner(x, i):
    keyed(x, i)  # expect: ACC502

def step(x, i):
    inner(x, i)

def derived(x, step):
    lr = 0.1 / (1 + step)
    keyed(x, lr)  # expect: ACC502

def shaped(x, i):
    shape = (i + 1, 2)
    f_jit(np.ones(shape))  # expect: ACC503

def train(x, n):
    for i in range(n):
        step(x, i)
        derived(x, i)
        shaped(x, i)

def look_alike(x, n):
    for i in range(n):
        step(x, 3)  # a constant into the same chain: one key
""",
    "through what a module function returns": """
def train(x, n):
    for i in range(n):
        keyed(x, schedule(i))  # expect: ACC502
        keyed(x, warmup(i, n))  # expect: ACC502
        keyed(x, constant(i))  # returns a constant: one key
""",
    "through containers, items and f-strings": """
def train(x, n):
    for i in range(n):
        keyed(x, (i, 2))  # expect: ACC502
        pair = (i, 2)
        keyed(x, pair[0])  # expect: ACC502
        cfg = {"lr": 0.1 * i}
        keyed(x, cfg["lr"])  # expect: ACC502
        keyed(x, f"mode{i}")  # expect: ACC502
        keyed(x, str(i))  # expect: ACC502
        keyed(x, str(i % 2))  # two values: bounded
        keyed(x, f"mode{i > 2}")  # two values: bounded
""",
    "min with a small literal bound takes a few values": """
def train(x, n):
    for i in range(n):
        keyed(x, min(i, 1000))  # expect: ACC502
        keyed(x, max(i, 1))  # expect: ACC502
        keyed(x, min(i, 2))  # at most three values
        keyed(x, min(3, i))  # at most four values
""",
    "a Python sequence of a new length": """
def train(x, n):
    for i in range(n):
        f_jit(jnp.asarray([float(j) for j in range(i + 1)]))  # expect: ACC503
        f_jit(np.array(list(range(i + 1))))  # expect: ACC503
        rows = [j * 2.0 for j in range(1, i)]
        f_jit(jnp.asarray(rows))  # expect: ACC503
        f_jit(jnp.asarray([float(i) for _ in range(3)]))  # three items on every pass
        f_jit(np.array(list(range(i, i + 4))))  # a moving window of four
""",
    "a wrapper that keeps its own cache, applied in a function the loop runs": """
def double(v):
    return v * 2.0

def step(x):
    return tf.function(double)(x)  # expect: ACC501

class Runner:
    def step(self, x):
        return tf.function(double)(x)  # expect: ACC501

DOUBLE = tf.function(double)

def hoisted(x):
    return DOUBLE(x)  # one wrapper: one cache

def train(x, n):
    runner = Runner()
    for i in range(n):
        step(x)
        runner.step(x)
        hoisted(x)
""",
    "through unpacking, attributes, walrus and conditional expressions": """
def train(x, state, n):
    for i in range(n):
        a, b = i, 2
        keyed(x, a)  # expect: ACC502
        keyed(x, b)  # the literal half of the pair: one key
        state.step = i
        keyed(x, state.step)  # expect: ACC502
        keyed(x, (k := i * 2))  # expect: ACC502
        keyed(x, i if i > 0 else 1)  # expect: ACC502
        keyed(x, 1 if i > 3 else 2)  # two values: bounded

def by_value(x, n):
    for i in range(n):
        row = tf.ones(4) * i
        train_step_tf(x, x, row[0])  # an item of a tensor is a tensor: keyed by shape and dtype (1 trace in 6)
        # a tuple holding the counter, compared by value: 6 traces in 6
        train_step_tf(x, x, (i, 2))  # expect: ACC502
""",
    "a callable a module function makes anew on each call": """
def make(k):
    return lambda v: v * k

def make_local(k):
    def scaled(v):
        return v * k
    return scaled

def pick(k):
    return f_jit

def train(x, n):
    for i in range(n):
        jax.jit(make(2.0))(x)  # expect: ACC501
        jax.jit(make_local(2.0))(x)  # expect: ACC501
        jax.jit(pick(2.0))(x)  # returns one module-level function: cached
""",
    "shapes sized by padding, tiling and repeating": """
def train(x, n):
    for i in range(n):
        f_jit(jnp.pad(x, (0, i)))  # expect: ACC503
        f_jit(jnp.tile(x, i + 1))  # expect: ACC503
        f_jit(np.repeat(x, repeats=i + 1))  # expect: ACC503
        f_jit(jnp.pad(x, (0, 2)) * i)  # a fixed width: one shape
""",
    "what a compiled callable returns is an array, keyed by shape, not by value": """
@tf.function
def rescale(v, k):
    return v * k

@tf.function
def halve(v):
    return v / 2

def train(x, n):
    step = tf.function(lambda v: v + 1)
    for epoch in range(n):
        x = step(x)
        x = rescale(x, epoch)  # expect: ACC502
        y = halve(x[:3] * epoch)
        rescale(y, 2.0)  # y is the tensor halve returned: one key per shape
        rescale(halve(x), 0.5)
        w = float(epoch) / n
        rescale(x, w)  # expect: ACC502
""",
    "a global a torch.compile'd function reads, rebound on every pass": """
STEP = 0
RATE = 0.0
MODE = "a"

@torch.compile
def by_step(v):
    return v * STEP

@torch.compile
def by_rate(v):
    return v * RATE

@torch.compile
def by_mode(v):
    return v * 2.0 if MODE == "a" else v

def train(x, n):
    global STEP, RATE, MODE
    for i in range(n):
        STEP = i + 1
        by_step(x)  # expect: ACC505
        MODE = f"mode{i}"
        by_mode(x)  # expect: ACC505
        RATE = i / n
        by_rate(x)  # a float global: the second compile is dynamic in it
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_each_fact_flows_and_each_look_alike_stays_invariant(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected
