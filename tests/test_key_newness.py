"""ACC5's newness as a propagation fact with a deny-list (acclint.analysis.loops): a key component
computed from a value that is new on every pass is itself new on every pass, unless the
computation provably collapses it to a bounded set.

`CASES` were written before the change from the allow-list (main at ea06ddd found 2 of their 26
storms, 0 false), each family as three or more spellings nobody listed and look-alikes that
compile once; the container and metadata cases came from dev reports (ea06ddd: 1 of 3, and 1
false on a list of tensors). The
semantics rest on rows already run (docs/contexts.md, "Cache keys"): a jax static argument is
keyed by hash and equality, tf.function keys Python values by value and tensors, NumPy arrays and
NumPy scalars by shape and dtype, a traced argument's shape is in every key.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
import operator
import statistics

@partial(jax.jit, static_argnums=1)
def keyed(v, k):
    return v * 2.0

MODES = ("train", "eval", "test")

class Sched:
    base = 0.1

    def rate(self, e):
        return self.base * 0.9 ** e
"""

CASES = {
    "a static argument computed from the counter by a call nobody listed": """
def train(x, n, lrs):
    for i in range(n):
        keyed(x, np.log1p(i))  # expect: ACC502
        keyed(x, operator.mul(i, 2))  # expect: ACC502
        keyed(x, divmod(i, 7)[0])  # expect: ACC502
        keyed(x, statistics.fmean([i, 1.0]))  # expect: ACC502
        keyed(x, lrs[i])  # expect: ACC502
        keyed(x, hash(i))  # expect: ACC502
        keyed(x, np.log1p(3))  # a constant: one key
""",
    "a static argument computed from the counter by a method or an attribute": """
def train(x, n, sched):
    for i in range(n):
        keyed(x, "lr{}".format(i))  # expect: ACC502
        keyed(x, str(i).zfill(4))  # expect: ACC502
        keyed(x, sched.rate(i))  # expect: ACC502
        keyed(x, complex(i, 1).real)  # expect: ACC502
        keyed(x, sched.rate(3))  # a constant: one key
""",
    "what collapses a new value to a bounded set": """
def train(x, n):
    for i in range(n):
        keyed(x, i % 4)  # four values
        keyed(x, i > 10)  # two values
        keyed(x, bool(i % 2))
        keyed(x, isinstance(i, int))
        keyed(x, np.clip(i, 0, 3))  # four values
        keyed(x, max(0, min(i, 3)))
        keyed(x, MODES[i % 3])  # an item of a literal table
        keyed(x, {0: "a", 1: "b"}.get(i, "c"))
        keyed(x, len((i, 2)))  # the length of a tuple of fixed length
        keyed(x, hash(i) % 8)
        keyed(x, i == 0)
""",
    "a Python value for tf.function computed by a call nobody listed": """
def train(x, y, n, sched):
    for i in range(n):
        train_step_tf(x, y, statistics.fmean([i, 1.0]))  # expect: ACC502
        train_step_tf(x, y, sched.rate(i))  # expect: ACC502
        train_step_tf(x, y, operator.truediv(i, n))  # expect: ACC502
        w = divmod(i, 3)[0] * 0.5
        train_step_tf(x, y, w)  # expect: ACC502
        train_step_tf(x, y, tf.constant(i * 1.0))  # a tensor: keyed by shape and dtype
        train_step_tf(x, y, np.float32(i))  # a NumPy scalar: converted, keyed by dtype (1 trace)
        train_step_tf(x, y, np.log1p(i))  # the same
""",
    "an item of a data sequence is no Python value to tf.function": """
def train(xs, ys, n):
    for i in range(n):
        train_step_tf(xs[i], ys[i], 1.0)  # batches of one shape: one trace
        batch = xs[i]
        train_step_tf(batch, ys[i], 2.0)
""",
    "a shape from the counter, given in a shape-like position of any call": """
def train(x, n, key):
    for i in range(n):
        f_jit(jax.random.poisson(key, 3.0, shape=(i,)))  # expect: ACC503
        f_jit(jnp.linspace(0.0, 1.0, num=i + 2))  # expect: ACC503
        f_jit(x.reshape(-1, i + 1))  # expect: ACC503
        f_jit(x.repeat(i))  # expect: ACC503
        f_jit(jnp.identity(i))  # expect: ACC503
        f_jit(torch.randn(4, i))  # expect: ACC503
        f_jit(jnp.tri(i + 1))  # expect: ACC503
        f_jit(x.reshape(-1, 4))  # a fixed shape
        f_jit(jnp.full((3,), i))  # the fill value changes, not the shape
        f_jit(jnp.asarray(i))  # a scalar: shape ()
        f_jit(x[i])  # an item: the same shape on every pass
""",
    "a shape carried through an operation on a resized array": """
def train(x, n):
    for i in range(n):
        f_jit(jnp.arange(i) * 2.0)  # expect: ACC503
        f_jit(jnp.concatenate([x, x[:i]]))  # expect: ACC503
        f_jit(np.stack([x for _ in range(i)]))  # expect: ACC503
        f_jit(jnp.sin(x[:i]))  # expect: ACC503
        part = x[: i + 1]
        f_jit(part.T)  # expect: ACC503
        f_jit(jnp.sum(x[:i]))  # a reduction: a scalar on every pass
        f_jit(jnp.zeros((3, 4)) * i)  # a new value of one shape
        f_jit(x[:i].mean())  # a scalar
        y = x.at[:, i:].set(0.0)  # an indexed update: all of x (bonsai llada/modeling.py:533)
        f_jit(jnp.where(y > 0, y, 1.0))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_newness_flows_through_any_computation_unless_it_collapses(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected


CONTAINER_CASES = {
    "a container of tensors is keyed by their shapes": """
def train(x, y, n):
    for step in range(n):
        m = 100 + 7 * step
        batch = {"a": tf.ones((m, 3)), "b": tf.zeros((m, 3))}
        relaxed_tf(batch)  # relaxed shapes: one trace for any size
        train_step_tf(x, y, [tf.ones(3) * step, tf.zeros(3)])  # tensors of one shape
        train_step_tf(x, y, {"w": float(step)})  # expect: ACC502
""",
}


@pytest.mark.parametrize("body", CONTAINER_CASES.values(), ids=CONTAINER_CASES.keys())
def test_a_container_of_arrays_is_keyed_by_their_shapes(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected


METADATA = """
import flax
from flax import struct
from flax.struct import dataclass, field

@dataclass
class Model:
    c: np.ndarray = field(pytree_node=False)
    w: float = 1.0

class Node(struct.PyTreeNode):
    k: int = struct.field(pytree_node=False)

@jax.jit
def g(model):
    return 1.0

m = Model(np.ones(10))
n = Model(c=jnp.zeros(3))
g(m)  # the first call: nothing cached to compare with
g(n)  # expect: ACC502

def train(steps):
    for i in range(steps):
        g(Node(np.arange(4)))  # expect: ACC502
        g(Model((1, 2)))  # a tuple compares
        g(Model(np.ones(3) if False else (1,), w=np.ones(2)))  # the array is in a pytree field
"""


def test_an_array_in_a_static_field_fails_the_lookup_from_the_second_call():
    """jax#7826 (dev reports): jax compares pytree metadata by equality on a cache lookup; an
    array there raises from the second call on (jax 0.10: "arrays cannot be passed as metadata
    fields")."""
    expected, found = family_labels_and_findings(HEADER + METADATA, "ACC5")
    assert found == expected


# Written and run (jax 0.10.2, equinox 0.13.8, flax 0.12.8) before the change that finds them, from
# the property "an argument whose pytree metadata (a field its class declares static) holds an
# array: the lookup compares metadata by equality and raises from the second call on". equinox_746
# (dev) is the report; these are other spellings: an equinox static field given an array by the
# default `__init__` in a loop under filter_jit, one set by a custom `__init__` and two calls of a
# plain jax.jit in a function, a flax.struct field by keyword in a `while`. Each run raised
# ValueError at the line marked; the look-alikes ran fine (a tuple in a static field, an array in
# an ordinary field, a single call of a fresh jit).
EQUINOX_METADATA = """
import equinox as eqx
from flax import struct

class Data(eqx.Module):
    data: jax.Array = eqx.field(static=True)

class Table(eqx.Module):
    table: np.ndarray = eqx.field(static=True)

    def __init__(self, seed):
        self.table = np.arange(seed, seed + 4)

class Node(struct.PyTreeNode):
    k: jax.Array = struct.field(pytree_node=False)

class Tup(eqx.Module):
    shape: tuple = eqx.field(static=True)

class Leaf(eqx.Module):
    w: jax.Array

@eqx.filter_jit
def floss(d):
    return 1.0

@jax.jit
def jloss(d):
    return 1.0

def s1(n):
    for i in range(n):
        floss(Data(jnp.ones(3) * i))  # expect: ACC502

def s2():
    a, b = Table(0), Table(1)
    jloss(a)
    jloss(b)  # expect: ACC502

def s3():
    n = 0
    while n < 4:
        jloss(Node(k=jnp.zeros(3)))  # expect: ACC502
        n += 1

def l1(n):
    for i in range(n):
        floss(Tup((3, 4)))

def l2(n):
    for i in range(n):
        floss(Leaf(jnp.ones(3) * i))

def l3():
    once = jax.jit(lambda d: 1.0)
    once(Table(5))
"""


def test_an_array_in_any_declared_static_field_fails_the_lookup():
    """equinox's `eqx.field(static=True)` is pytree metadata as flax.struct's
    `field(pytree_node=False)` is, whether the constructor or a custom `__init__` fills it."""
    expected, found = family_labels_and_findings(HEADER + EQUINOX_METADATA, "ACC5")
    assert found == expected


# Written and run (jax 0.10.2, equinox 0.13.8, flax 0.12.8; 6 passes) before the change that finds
# them, from the property "a key component the compiled function computes new from itself, fed back
# by the loop (`s = update(s)`), is new on every pass": a counter stepped inside the trace.
# equinox_1062 (dev) is the report (an int field of an equinox Module under filter_jit); these are
# other spellings: a flax.struct static field stepped through `.replace`, an equinox static field
# by position under jax.jit, an int field doubled under filter_jit. Traces: 6, 6, 6. The
# look-alikes traced once: a Python int fed back through jax.jit (an array after the first call),
# an ordinary int field under jax.jit (a leaf, traced), a field passed back unchanged.
FED_BACK = """
import equinox as eqx
from flax import struct

class State(struct.PyTreeNode):
    w: jax.Array
    step: int = struct.field(pytree_node=False)

@jax.jit
def update(s):
    return s.replace(step=s.step + 1, w=s.w * 2)

class Mod(eqx.Module):
    w: jax.Array
    k: int = eqx.field(static=True)

@jax.jit
def advance(m):
    return Mod(m.w * 0.5, m.k + 2)

class Counter(eqx.Module):
    n: int
    w: jax.Array

@eqx.filter_jit
def count(c):
    return Counter(n=c.n * 2, w=c.w + 1)

@jax.jit
def plain(n):
    return n + 1

@jax.jit
def leafy(c):
    return Counter(n=c.n + 1, w=c.w)

@eqx.filter_jit
def same(c):
    return Counter(n=c.n, w=c.w * 0.5)

def run(s, m, c, n, c2, c3, steps):
    for i in range(steps):
        s = update(s)  # expect: ACC502
        m = advance(m)  # expect: ACC502
        c = count(c)  # expect: ACC502
        n = plain(n)
        c2 = leafy(c2)
        c3 = same(c3)
    return s, m, c, n, c2, c3
"""


def test_a_by_value_field_the_compiled_function_steps_and_the_loop_feeds_back():
    expected, found = family_labels_and_findings(HEADER + FED_BACK, "ACC5")
    assert found == expected
