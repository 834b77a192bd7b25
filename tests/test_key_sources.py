"""Where a value new on every pass comes from, in the shapes users write it (stop 47, the JAX misses of the report corpus's dev half).

Each family is one property of the cache key, written from scratch (three or more spellings and a
fine look-alike), not copied from the report it was found in. The frameworks' behaviour each rests
on was run with jax 0.10.2 (benchmarks/flow_spellings.py holds run programs for each, labelled by
counting compiles):

- a static argument that a factory function makes on each call (a new instance of a class without
  value equality, `get_config()`): 8 calls, 8 traces; the same factory under
  `functools.lru_cache`, or making a frozen dataclass, traces once (primus_turbo_318);
- a size read from the data (`np.nonzero(d < cutoff)`, a boolean mask `x[x > t]`, `np.unique`)
  of a value each pass of a loop over data rebinds: 8 frames, 7 traces for the neighbour list, 4
  for a masked or unique array; a three-argument `np.where` keeps its shape: one (mace_1590);
- an integer drawn on each pass from a literal range of more than eight values
  (`np.random.randint(16, 128)`, `random.randint(64, 256)`, `rng.integers(8, 64)`) used as a
  size or a static argument: 12 traces in 12 passes; one of two values, or an array of draws of
  a fixed shape, 2 and 1;
- a value the loop carries from pass to pass and joins with more (`tokens =
  jnp.concatenate([tokens, nxt])`, `jnp.append`, `np.vstack`, `hist = hist + [x]`): 10 traces
  in 10 passes each; joined and cut back to a window, one;
- `jax.jit(obj)` of an instance whose class Python leaves without `__hash__` (a non-frozen
  `@dataclass`, a class defining `__eq__` alone) fails at the call: the wrapped callable is part
  of the key (jax_17197).
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
import dataclasses

class Cfg:
    def __init__(self, k):
        self.k = k

    @classmethod
    def default(cls):
        return cls(4)

@dataclasses.dataclass(frozen=True)
class FrozenCfg:
    k: int

_DEFAULT = Cfg(2)

@partial(jax.jit, static_argnames=("cfg",))
def kernel(x, cfg):
    return x * cfg.k

@partial(jax.jit, static_argnums=1)
def positional(x, cfg):
    return x * cfg.k
"""

CASES = {
    "a static argument a factory makes anew on each call": """
def get_config():
    return Cfg(3)

def make_cfg(k):
    made = Cfg(k)
    return made

def train(x, n):
    for i in range(n):
        kernel(x, cfg=get_config())  # expect: ACC502
    for _ in range(n):
        cfg = make_cfg(8)
        positional(x, cfg)  # expect: ACC502
    while n > 0:
        kernel(x, cfg=Cfg.default())  # expect: ACC502
        n -= 1
""",
    "a factory that returns one object, or one compared by value": """
@functools.lru_cache
def cached_config():
    return Cfg(3)

def shared_config():
    return _DEFAULT

def frozen_config():
    return FrozenCfg(3)

def train(x, n):
    once = Cfg.default()
    for i in range(n):
        kernel(x, cfg=cached_config())  # cached: one object
        kernel(x, cfg=shared_config())  # the module's one object
        kernel(x, cfg=frozen_config())  # equal by value: one entry
        kernel(x, cfg=once)  # made before the loop
""",
    "a size read from the data of each pass": """
def neighbours(frames, cutoff):
    for pos in frames:
        d = np.linalg.norm(pos[:, None] - pos[None], axis=-1)
        senders, receivers = np.nonzero(d < cutoff)
        f_jit(senders)  # expect: ACC503

def filtered(batches):
    for batch in batches:
        valid = batch[batch[:, 0] > 0.5]
        f_jit(valid)  # expect: ACC503
        f_jit(np.flatnonzero(batch > 0.5))  # expect: ACC503

def vocabulary(loader):
    for tokens in loader:
        f_jit(jnp.asarray(np.unique(tokens)))  # expect: ACC503
""",
    "a data-sized value that keeps its shape, or is read once": """
def fixed(frames, cutoff, mask):
    for pos in frames:
        f_jit(np.where(pos > cutoff, pos, 0.0))  # three arguments: the shape of pos
        f_jit(jnp.sum(pos[pos > cutoff]))  # reduced to a scalar
        f_jit(pos[mask])  # a mask that no pass changes
        f_jit(np.nonzero(mask)[0])  # the same mask on every pass

def once(pos, cutoff):
    f_jit(pos[pos > cutoff])  # no loop around
""",
    "a dict grown with keys read from the data of each pass": """
def counting(stream):
    counts = {}
    for token in stream:
        counts[token] = 1.0
        f_jit(counts)  # expect: ACC503

def boosting(x, iters):
    phis = {}
    w = x

    def report():
        return f_jit(phis)  # expect: ACC503

    for t in range(iters):
        w = w * 0.5 + x
        best = int(jnp.argmax(w))
        phis.setdefault(best, 0.0)
        report()

def simulate(state, n):
    while n > 0:
        state = state * 0.9 + 0.1
        active = np.nonzero(state > 0.5)[0]
        f_jit(active)  # expect: ACC503
        n -= 1
""",
    "a dict keyed by a value that does not change, or rebuilt on each pass": """
def logging(stream):
    history = {}
    for token in stream:
        history["last"] = token
        f_jit(history)  # one key
        per_pass = {}
        per_pass[token] = 1.0
        f_jit(per_pass)  # rebuilt with one key on each pass

def buckets(stream):
    counts = {}
    for token in stream:
        counts[token % 4] = 1.0
        f_jit(counts)  # at most four keys
""",
    "a size or static value drawn from a wide integer range on each pass": """
import random

def crops(x, img, n):
    rng = np.random.default_rng(0)
    for step in range(n):
        bs = np.random.randint(16, 128)
        f_jit(x[:bs])  # expect: ACC503
        crop = random.randint(64, 256)
        f_jit(img[:crop, :crop])  # expect: ACC503
        f_jit(jnp.zeros((int(rng.integers(8, 64)), 3)))  # expect: ACC503
        f_jit(x[: rng.integers(16, 200)])  # expect: ACC503
        positional(x, random.randrange(1000))  # expect: ACC502
""",
    "an integer drawn from a few values, or an array of draws": """
import random

def crops(x, n):
    for step in range(n):
        f_jit(x[: np.random.randint(0, 2) + 1])  # two sizes
        f_jit(x[: random.randint(1, 4)])  # four sizes
        f_jit(np.random.randint(0, 100, size=8))  # an array of a fixed shape
""",
    "a value the loop carries and joins with more on each pass": """
def generate(tokens, n):
    for _ in range(n):
        nxt = f_jit(tokens)  # expect: ACC503
        tokens = jnp.concatenate([tokens, jnp.array([nxt])])

def appended(x, n):
    while n > 0:
        f_jit(x)  # expect: ACC503
        x = jnp.append(x, 1.0)
        n -= 1

def history(x, batches):
    hist = []
    for batch in batches:
        hist = hist + [x]
        f_jit(hist)  # expect: ACC503

def stacked(rows, n):
    for _ in range(n):
        f_jit(rows)  # expect: ACC503
        rows = np.vstack([rows, rows[-1:]])
""",
    "a carried value joined and cut back, or joined once": """
def windowed(win, n):
    for _ in range(n):
        f_jit(win)  # cut back to four on each pass
        win = jnp.concatenate([win, jnp.ones(1)])[-4:]

def reset(buf, n):
    for _ in range(n):
        f_jit(buf)
        buf = jnp.concatenate([buf, jnp.ones(1)])
        if buf.shape[0] > 8:
            buf = buf[1:]

def popped(x, n):
    recent = []
    for _ in range(n):
        recent = recent + [x]
        recent.pop(0)
        f_jit(recent)  # as long on every pass

def once(x, n):
    for _ in range(n):
        y = jnp.concatenate([x, x])  # x itself is not rebound
        f_jit(y)
""",
    "jit of an instance Python cannot hash": """
@dataclasses.dataclass
class Scale:
    val: float

    def __call__(self, x):
        return self.val * x

class Compared:
    def __init__(self, val):
        self.val = val

    def __eq__(self, other):
        return self.val == other.val

    def __call__(self, x):
        return self.val * x

scaled = jax.jit(Scale(2.0))
scaled(1.0)  # expect: ACC502
compared = Compared(2.0)
fast = jax.jit(compared)
fast(1.0)  # expect: ACC502

def run(x):
    fn = jax.jit(Scale(3.0))
    return fn(x)  # expect: ACC502
""",
    "jit of an instance that hashes": """
@dataclasses.dataclass(frozen=True)
class Frozen:
    val: float

    def __call__(self, x):
        return self.val * x

class Plain:
    def __init__(self, val):
        self.val = val

    def __call__(self, x):
        return self.val * x

jax.jit(Frozen(2.0))(1.0)
jax.jit(Plain(2.0))(1.0)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_key_component_new_in_the_users_shape(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected
