"""ACC5's newness carried along the paths a value takes from the loop to the key (issue 36, stop 46).

Each family is one dataflow fact the cache-key analysis (acclint.analysis.loops) computes; the
spellings below are new ones, written for the property, not taken from any report; at ad0a21e
the analysis found none of the storms here and made the false findings the look-alikes mark
(`benchmarks/flow_spellings.py` holds run programs along the same paths, each labelled by counting
its compiles). The frameworks' behaviour each case rests on was run there: a jax static argument
is keyed by hash, a traced argument by shape and dtype (an int and a float: two weak-typed
entries, not one per value); tf.function keys a Python scalar by value and a tensor by shape
(reduce_retracing: relaxed); torch.compile with `dynamic=False` keys an int argument by value.
"""

import importlib.util
import sys
from pathlib import Path

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
import collections

@partial(jax.jit, static_argnums=1)
def keyed(v, k):
    return v * 2.0

@partial(jax.jit, static_argnums=0)
def by_self(obj, v):
    return v

fixed_torch = torch.compile(lambda v, k: v * k, dynamic=False)
"""

CASES = {
    "a name stepped by a reassignment from itself and a literal": """
def a_while(x, n):
    step = 0
    while step < n:
        keyed(x, step)  # expect: ACC502
        step = step + 1

def a_decay(x, n):
    lr = 1.0
    for _ in range(n):
        keyed(x, lr)  # expect: ACC502
        lr = lr * 0.5

def literal_first(x, n):
    t = 0.0
    while t < n:
        train_step_tf(x, x, t)  # expect: ACC502
        t = 0.25 + t

def look_alikes(x, n):
    k, j, m = 1, 0, 1.0
    for _ in range(n):
        keyed(x, k)  # a neutral step: the same value
        k = k * 1
        keyed(x, j)  # reset on each pass
        j = j + 1
        j = 0
        f_jit(x * m)  # a traced argument: keyed by shape
        m = m * 0.9
""",
    "a container the pass fills with a new value": """
def appended(x, n):
    for i in range(n):
        dims = []
        dims.append(i + 1)
        f_jit(jnp.ones(tuple(dims)))  # expect: ACC503

def extended(x, n):
    for i in range(n):
        opts = [1]
        opts.extend([i, 2])
        keyed(x, tuple(opts))  # expect: ACC502

def item_set(x, y, n):
    for i in range(n):
        hp = {"decay": 0.9}
        hp["lr"] = 0.1 / (i + 1)
        train_step_tf(x, y, hp)  # expect: ACC502

def look_alikes(x, y, n):
    for i in range(n):
        dims = []
        dims.append(4)
        f_jit(jnp.ones(tuple(dims)) * i)  # a fixed shape
        hp = {}
        hp["lr"] = tf.constant(0.1 * i)
        train_step_tf(x, y, hp)  # a tensor in it: keyed by shape
""",
    "an array a module function returns, of a shape from what it is given": """
def batch(i):
    return jnp.ones((i + 1, 2))

def padded(x, width):
    out = jnp.zeros((width, 3))
    return out

def windows(x, n):
    return x.reshape(n, -1)

def fixed(i):
    return jnp.ones((4, 2)) * i

def train(x, n):
    for i in range(n):
        f_jit(batch(i))  # expect: ACC503
        f_jit(padded(x, width=2 * i + 1))  # expect: ACC503
        f_jit(windows(x, i + 1))  # expect: ACC503
        f_jit(fixed(i))  # a new value of one shape
        f_jit(batch(3))  # one shape
""",
    "a tensor computed from a tensor and a new number is keyed by its shape": """
def batch(i):
    return tf.ones([i + 1, 2])

def train(n):
    x = tf.ones(3)
    w = 0.5
    for i in range(n):
        train_step_tf(x * i, x, 1.0)  # a tensor of one shape
        train_step_tf(x, -x * i, 1.0)
        relaxed_tf(batch(i))  # a tensor; relaxed shapes
        fixed_torch(torch.ones(3) * i, 2)  # a tensor of one shape
        train_step_tf(x, x, w * i)  # expect: ACC502
        train_step_tf(batch(i), x, 1.0)  # expect: ACC503
""",
    "a method of an object made on the pass reads what its constructor was given": """
class Model:
    def __init__(self, width, scale=1.0):
        self.width = width
        self.rows = 2 * width
        self.scale = scale

    def run(self, x):
        return f_jit(jnp.ones((self.width, 2))) + x.sum()  # expect: ACC503

    def rows_of(self, x):
        return keyed(x, self.rows)  # expect: ACC502

    def scaled(self, x):
        return keyed(x, self.scale)

def train(x, n):
    for i in range(n):
        Model(i + 1).run(x)
        m = Model(width=3 * i)
        m.rows_of(x)
        Model(4, scale=0.5).scaled(x)  # one value
""",
    "a static self of value equality, made with a new value": """
class Opt:
    def __init__(self, lr):
        self.lr = lr

    def __hash__(self):
        return hash(self.lr)

    def __eq__(self, other):
        return isinstance(other, Opt) and other.lr == self.lr

    @partial(jax.jit, static_argnums=0)
    def apply(self, v):
        return v * self.lr

def train(x, n):
    for i in range(n):
        Opt(0.1 * i).apply(x)  # expect: ACC502
        Opt(lr=1 / (i + 1)).apply(x)  # expect: ACC502
        Opt(0.1).apply(x)  # equal on every pass: one key
""",
    "a size rounded from a logarithm takes logarithmically many values": """
def train(x, n):
    for i in range(n):
        f_jit(jnp.zeros(2 ** math.ceil(math.log2(i + 1))))  # a power-of-two bucket
        keyed(x, int(np.log2(i + 1)))
        keyed(x, math.floor(math.log10(i + 1)))
        keyed(x, (i + 1).bit_length())
        keyed(x, float(np.log1p(i)))  # expect: ACC502
        keyed(x, round(math.log(i + 1), 3))  # expect: ACC502
""",
    "a list an inner loop of a new number of passes grows": """
def train(x, n):
    for i in range(n):
        parts = []
        for _ in range(i + 1):
            parts.append(x)
        f_jit(jnp.stack(parts))  # expect: ACC503
        fixed = []
        for _ in range(n):
            fixed.append(x)
        f_jit(jnp.stack(fixed))  # as long on every pass
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_newness_flows_along_the_path_to_the_key(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected


BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "flow_spellings.py"
RECALL_FLOOR = 0.96  # 31 of 32 storms (ad0a21e: 23, 0.719)
FALSE_CEILING = 0  # (ad0a21e: 5 false findings on the 27 look-alikes)


def test_the_run_labelled_flow_spellings_do_not_drop():
    """benchmarks/flow_spellings.py's stored programs (each labelled by counting its compiles)."""
    spec = importlib.util.spec_from_file_location("flow_spellings", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    measured = module.measure(module.OUT)
    assert measured["all"]["positives"] >= 30 and measured["all"]["fine"] >= 24
    misses = [r["name"] for r in measured["rows"] if r["positive"] and not r["hit"]]
    false = [(r["name"], r["false"]) for r in measured["rows"] if r["false"]]
    assert measured["all"]["recall"] >= RECALL_FLOOR, misses
    assert measured["all"]["false"] <= FALSE_CEILING, false
