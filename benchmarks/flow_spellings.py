"""How a cache-key component reaches a compiled call: storm spellings along the dataflow, labelled by running them.

storm_spellings.py varies WHICH key component changes and HOW the call is reached; this set,
written from scratch for issue 36 (stop 46), varies the PATH by which a value new on every pass
flows from the loop into the key, one family each:

- chain     through a chain of pure calls and arithmetic (`int(math.sqrt(i * 100))`, `round`,
            `max(1, ...)` into a shape constructor);
- helper    through a function called with the loop's value (it returns the array, or its body
            makes the compiled call, the value given by keyword or derived in its body);
- container through a container built on each pass (a list appended to, a namedtuple, a dict
            handed to the compiled call whole);
- branch    through an `if` whose one branch binds the new value;
- object    through an object made on each pass (its attribute is the static argument, its
            method makes the compiled call, its constructor derives the attribute);
- while     through a `while` loop's variable stepped by `v = v + 1` or scaled by `lr = lr * 0.5`;
- nested    through the outer of two nested loops, the inner one bounded;
- data      through data each pass of a loop over data brings (stop 47): a size its values
            decide (`np.nonzero`, a boolean mask), a dict grown with keys read from it;

across jax.jit (static_argnums/static_argnames, shapes), tf.function (Python scalars, shapes,
a dict of Python floats) and torch.compile (a global or an attribute its guards read, a float
argument, shapes with `dynamic=False`), each with a look-alike that is fine (a bounded or
constant value along the same path, a tensor where a Python scalar was, a shape bucketed by
powers of two, a traced argument given an int and a float: JAX's weak types key two entries, not
one per value).

Each program defines `run(n)`; its label comes from running it (storm_spellings.label: N and 2N
passes, traces counted per line; a line whose traces grow by at least N/2 is a storm), never from
acclint.

    python benchmarks/flow_spellings.py --python /work/venvs/tftorch/bin/python  # label and store
    python benchmarks/flow_spellings.py --measure                               # acclint on them
"""

from __future__ import annotations

import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from storm_spellings import FRAMEWORK_PYTHON, HEADERS, JAX_PRELUDE, ROOT, TF_PRELUDE, label_and_store, measure, run_cli  # noqa: E402

OUT = ROOT / "tests" / "data" / "spellings" / "flow"


@dataclass(frozen=True)
class Spelling:
    """One whole program: `code` is module-level code ending in `def run(n)`."""

    name: str
    framework: str  # jax | tf | torch
    family: str  # chain | helper | container | branch | object | while | nested
    code: str
    hazard: bool = True  # what it is written as; the run decides the label


PRELUDES = {
    # storm_spellings' functions (`total`, `times` static in its second argument, `keyed` holding it
    # only in the key, ...), and a jit given a Python number traced
    "jax": "import collections\nimport math\n" + JAX_PRELUDE + "\n\nscale_jit = jax.jit(lambda v, k: v * k)\n",
    # storm_spellings' (`train_step` keying its second argument by value, `relaxed` with
    # reduce_retracing), a reduction, and a dict of hyperparameters given whole
    "tf": TF_PRELUDE + '''

@tf.function
def total(v):
    return tf.reduce_sum(v)


@tf.function
def with_hparams(v, hp):
    return v * hp["lr"]
''',
    "torch": '''
@torch.compile
def plain(v, k):
    return v * k


@torch.compile
def summed(v):
    return v.sum()


def _fixed(v, k):
    return v * k


fixed = torch.compile(_fixed, dynamic=False)
''',
}

CFG = "class Cfg:\n    def __init__(self, k):\n        self.k = k\n\n\n"
MODEL = ("class Model:\n    def __init__(self, width):\n        self.width = width\n\n"
         "    def run(self, x):\n        return total(jnp.ones((self.width, 2))) + x.sum()\n\n\n")
APPLY = "def apply(x, width):\n    return total(jnp.zeros((width, 3))) + x.sum()\n\n\n"
OPT = ("class Opt:\n    def __init__(self, lr):\n        self.lr = lr\n\n    def __hash__(self):\n"
       "        return hash(self.lr)\n\n    def __eq__(self, other):\n"
       "        return isinstance(other, Opt) and other.lr == self.lr\n\n"
       "    @functools.partial(jax.jit, static_argnums=0)\n    def apply(self, v):\n        return v * self.lr\n\n\n")
JAX_X, TF_X, TORCH_X = "    x = jnp.ones(3)\n", "    x = tf.ones(3)\n", "    x = torch.ones(3)\n"


# Data that differs on each pass: n frames of 200 random points, n random tokens; a jit over a dict.
FRAMES = ("def frames(n):\n    rng = np.random.default_rng(0)\n    return [rng.random((200, 3)) * 3 for _ in range(n)]\n\n\n"
          "def tokens(n):\n    return np.random.default_rng(0).integers(0, 10 * n, n).tolist()\n\n\n")
TREE_TOTAL = "@jax.jit\ndef tree_total(d):\n    return sum(d.values())\n\n\n"


def frames_loop(body: str) -> str:
    """`def run(n)` running `body` (indented 8) on each of n frames `pos`."""
    return "def run(n):\n    for pos in frames(n):\n" + textwrap.indent(body, " " * 8) + "\n"


def loop(body: str, x: str = JAX_X) -> str:
    """`def run(n)` running `body` (indented 8, the loop's variable `i`) on each of n passes."""
    return "def run(n):\n" + x + "    for i in range(n):\n" + textwrap.indent(body, " " * 8) + "\n"


def nested(call: str, x: str = JAX_X, passes: int = 3) -> str:
    """`def run(n)` making `call` on each pass of a bounded inner loop (its variable `b`) inside an
    outer one of n passes (its variable `epoch`)."""
    return "def run(n):\n" + x + f"    for epoch in range(n):\n        for b in range({passes}):\n            {call}\n"


def stepped(body: str, x: str = JAX_X, setup: str = "step = 0") -> str:
    """`def run(n)` running `body` (indented 8; it steps `step`) in a `while step < n` loop."""
    return "def run(n):\n" + x + f"    {setup}\n    while step < n:\n" + textwrap.indent(body, " " * 8) + "\n"


def batch(make: str) -> str:
    """A helper returning the array `make` builds from its parameter `i`."""
    return f"def batch(i):\n    return {make}\n\n\n"


SPELLINGS = [
    # -- jax: chains of pure calls --------------------------------------------------------
    Spelling("chain_sqrt", "jax", "chain", loop("k = int(math.sqrt(i * 100))\ntimes(x, k)")),
    Spelling("chain_round_reciprocal", "jax", "chain", loop("times(x, round(1 / (i + 1), 3))")),
    Spelling("chain_shape_max_round", "jax", "chain", loop("rows = max(1, round(i * 1.5))\ntotal(jnp.zeros((rows, 3)))")),
    Spelling("chain_bucketed_pow2", "jax", "chain",
             loop("size = 2 ** math.ceil(math.log2(i + 1))\ntotal(jnp.zeros(size))"), hazard=False),
    Spelling("chain_clipped", "jax", "chain", loop("times(x, min(max(i, 1), 3))"), hazard=False),
    Spelling("weak_type_int_or_float", "jax", "chain", loop("scale_jit(x, i if i % 2 else float(i))"), hazard=False),
    # -- jax: a helper called with the loop's value -------------------------------------------
    Spelling("helper_returns_shape", "jax", "helper", batch("jnp.ones((i + 1, 2))") + loop("total(batch(i))")),
    Spelling("helper_keyword_shape", "jax", "helper",
             APPLY + loop("apply(x, width=2 * i + 1)")),
    Spelling("helper_derives_static", "jax", "helper",
             "def step(x, epoch):\n    lr = 0.1 * 0.5 ** epoch\n    scale = round(lr, 6)\n    return times(x, scale)\n\n\n"
             + loop("step(x, i)")),
    Spelling("helper_returns_fixed_shape", "jax", "helper", batch("jnp.ones((4, 2)) * i") + loop("total(batch(i))"),
             hazard=False),
    Spelling("helper_keyword_constant", "jax", "helper",
             APPLY + loop("apply(x * i, width=3)"), hazard=False),
    # -- jax: a container built on each pass ----------------------------------------------------
    Spelling("container_appended_shape", "jax", "container",
             loop("dims = []\ndims.append(i + 1)\ndims.append(3)\ntotal(jnp.ones(tuple(dims)))")),
    Spelling("container_namedtuple_static", "jax", "container",
             'Opts = collections.namedtuple("Opts", "k")\n\n\n' + loop("keyed(x, k=Opts(i))")),
    Spelling("container_grown_pytree", "jax", "container",
             loop("parts = []\nfor _ in range(i + 1):\n    parts.append(x)\ntotal(jnp.stack(parts))")),
    Spelling("container_fixed_dims", "jax", "container",
             loop("dims = [4, 3]\ntotal(jnp.ones(tuple(dims)) * i)"), hazard=False),
    Spelling("container_namedtuple_two_valued", "jax", "container",
             'Opts = collections.namedtuple("Opts", "k")\n\n\n' + loop("keyed(x, k=Opts(i % 2))"), hazard=False),
    # -- jax: an `if` whose one branch binds the new value --------------------------------------
    Spelling("branch_else_counter", "jax", "branch", loop("if i < 2:\n    k = 0\nelse:\n    k = i\ntimes(x, k)")),
    Spelling("branch_shape_mostly_new", "jax", "branch",
             loop("if i % 3 == 0:\n    rows = 2\nelse:\n    rows = i + 2\ntotal(jnp.ones((rows, 2)))")),
    Spelling("branch_both_constant", "jax", "branch", loop("if i < 2:\n    k = 0\nelse:\n    k = 1\ntimes(x, k)"),
             hazard=False),
    # -- jax: an object made on each pass --------------------------------------------------------
    Spelling("object_attribute_static", "jax", "object", CFG + loop("cfg = Cfg(i + 1)\ntimes(x, cfg.k)")),
    Spelling("object_method_calls", "jax", "object",
             MODEL + loop("Model(i + 1).run(x)")),
    Spelling("object_derived_attribute", "jax", "object",
             "class Sched:\n    def __init__(self, lr):\n        self.steps = int(lr * 1000)\n\n\n"
             + loop("sched = Sched(0.1 / (i + 1))\ntimes(x, sched.steps)")),
    Spelling("object_value_hashed_self", "jax", "object",
             OPT + loop("Opt(0.1 * i).apply(x)")),
    Spelling("object_method_constant", "jax", "object",
             MODEL + loop("Model(4).run(x * i)"), hazard=False),
    Spelling("object_value_hashed_constant", "jax", "object",
             OPT + loop("Opt(0.1).apply(x * i)"), hazard=False),
    Spelling("object_attribute_constant", "jax", "object", CFG + loop("cfg = Cfg(3)\ntimes(x * i, cfg.k)"), hazard=False),
    # -- jax: a while loop's variable ---------------------------------------------------------------
    Spelling("while_reassigned", "jax", "while",
             stepped("times(x, step)\nstep = step + 1")),
    Spelling("while_halving", "jax", "while",
             stepped("times(x, lr)\nlr = lr * 0.5\nstep += 1", setup="lr, step = 1.0, 0")),
    Spelling("while_true_break", "jax", "while",
             "def run(n):\n    step = 0\n    while True:\n        total(jnp.ones(step + 1))\n        step += 1\n"
             "        if step >= n:\n            break\n"),
    Spelling("while_constant", "jax", "while",
             stepped("times(x * step, 2)\nstep = step + 1"), hazard=False),
    Spelling("while_traced", "jax", "while",
             stepped("scale_jit(x, step)\nstep = step + 1"), hazard=False),
    # -- jax: nested loops, the outer one's variable --------------------------------------------------
    Spelling("nested_outer_static", "jax", "nested",
nested("times(x, epoch)")),
    Spelling("nested_outer_shape", "jax", "nested",
nested("total(jnp.ones(epoch + 1))", passes=2)),
    Spelling("nested_inner_static", "jax", "nested",
nested("times(x * epoch, b)"), hazard=False),
    Spelling("nested_inner_shape", "jax", "nested",
nested("total(jnp.ones(b + 1) * epoch)"), hazard=False),
    # -- jax: a size or a key the data of each pass decides (stop 47) ---------------------------
    Spelling("data_nonzero_neighbours", "jax", "data", FRAMES + frames_loop(
        "d = np.linalg.norm(pos[:, None] - pos[None], axis=-1)\nsenders, receivers = np.nonzero(d < 2.0)\ntotal(senders)")),
    Spelling("data_boolean_mask", "jax", "data", FRAMES + frames_loop("total(pos[pos[:, 0] > 1.5])")),
    Spelling("data_flatnonzero", "jax", "data", FRAMES + frames_loop("total(np.flatnonzero(pos > 2.0))")),
    Spelling("data_where_three_arguments", "jax", "data", FRAMES + frames_loop("total(np.where(pos > 1.5, pos, 0.0))"), hazard=False),
    Spelling("data_dict_keys", "jax", "data", FRAMES + TREE_TOTAL
             + "def run(n):\n    counts = {}\n    for token in tokens(n):\n        counts[token] = 1.0\n        tree_total(counts)\n"),
    Spelling("data_dict_keys_modulo", "jax", "data", FRAMES + TREE_TOTAL
             + "def run(n):\n    counts = {}\n    for token in tokens(n):\n        counts[token % 4] = 1.0\n        tree_total(counts)\n",
             hazard=False),
    Spelling("data_carried_concatenate", "jax", "data",
             "def run(n):\n    tokens = jnp.ones(3)\n    for _ in range(n):\n        nxt = total(tokens)\n"
             "        tokens = jnp.concatenate([tokens, jnp.array([nxt])])\n"),
    Spelling("data_carried_window", "jax", "data",
             "def run(n):\n    win = jnp.ones(4)\n    for _ in range(n):\n        total(win)\n"
             "        win = jnp.concatenate([win, jnp.ones(1)])[-4:]\n", hazard=False),
    Spelling("data_randint_size", "jax", "data",
             "def run(n):\n    x = np.ones((256, 3))\n    rng = np.random.default_rng(0)\n    for _ in range(n):\n"
             "        total(x[: rng.integers(16, 200)])\n"),
    Spelling("data_randint_two_sizes", "jax", "data",
             "def run(n):\n    x = np.ones((256, 3))\n    for _ in range(n):\n        total(x[: np.random.randint(0, 2) + 1])\n",
             hazard=False),
    # -- jax: a static argument a factory makes on each call (stop 47) --------------------------
    Spelling("factory_static_object", "jax", "object", CFG + "def get_cfg():\n    return Cfg(3)\n\n\n" + loop("keyed(x, get_cfg())")),
    Spelling("factory_static_cached", "jax", "object",
             CFG + "@functools.lru_cache\ndef get_cfg():\n    return Cfg(3)\n\n\n" + loop("keyed(x, get_cfg())"), hazard=False),

    # -- tf.function ----------------------------------------------------------------------------------
    Spelling("tf_chain", "tf", "chain", loop("lr = max(0.01, 0.1 * 0.9 ** i)\ntrain_step(x, lr)", TF_X)),
    Spelling("tf_chain_tensor", "tf", "chain",
             loop("train_step(x, tf.constant(max(0.01, 0.1 * 0.9 ** i)))", TF_X), hazard=False),
    Spelling("tf_helper_shape", "tf", "helper", batch("tf.ones([i + 1, 2])") + loop("total(batch(i))", TF_X)),
    Spelling("tf_helper_shape_relaxed", "tf", "helper", batch("tf.ones([i + 1, 2])") + loop("relaxed(batch(i))", TF_X),
             hazard=False),
    Spelling("tf_helper_calls", "tf", "helper",
             "def step(x, epoch):\n    return train_step(x, 1.0 / (epoch + 1))\n\n\n" + loop("step(x, i)", TF_X)),
    Spelling("tf_object_attribute", "tf", "object", CFG + loop("hp = Cfg(0.1 * i)\ntrain_step(x, hp.k)", TF_X)),
    Spelling("tf_object_constant", "tf", "object", CFG + loop("hp = Cfg(0.1)\ntrain_step(x * i, hp.k)", TF_X), hazard=False),
    Spelling("tf_while_halving", "tf", "while",
             stepped("train_step(x, lr)\nlr = lr * 0.5\nstep = step + 1", TF_X, "lr, step = 1.0, 0")),
    Spelling("tf_nested_outer", "tf", "nested",
nested("train_step(x, float(epoch))", TF_X, 2)),
    Spelling("tf_nested_inner", "tf", "nested",
nested("train_step(x * epoch, float(b))", TF_X, 2), hazard=False),
    Spelling("tf_container_dict", "tf", "container", loop('hp = {"lr": 0.1 / (i + 1)}\nwith_hparams(x, hp)', TF_X)),
    Spelling("tf_container_dict_tensor", "tf", "container",
             loop('hp = {"lr": tf.constant(0.1 / (i + 1))}\nwith_hparams(x, hp)', TF_X), hazard=False),
    Spelling("tf_branch", "tf", "branch", loop("if i < 2:\n    w = 1.0\nelse:\n    w = float(i)\ntrain_step(x, w)", TF_X)),
    # -- torch.compile --------------------------------------------------------------------------------
    # written as hazards, these three are fine by the run (torch 2.13: 2 compiles in 4 passes, 1 in
    # 8 after them): after one recompile Dynamo makes a changed int or float dynamic (automatic
    # dynamic), a global's and an attribute's as an argument's
    Spelling("torch_global_float_by_helper", "torch", "helper",
             "SCALE = 1.0\n\n\n@torch.compile\ndef scaled(v):\n    return v * SCALE\n\n\n"
             "def set_scale(i):\n    global SCALE\n    SCALE = 0.5 * i + 1.0\n\n\n"
             + loop("set_scale(i)\nscaled(x)", TORCH_X), hazard=False),
    Spelling("torch_object_int_attribute", "torch", "object",
             CFG + "@torch.compile\ndef apply(cfg, v):\n    return v * cfg.k\n\n\n" + loop("apply(Cfg(i + 1), x)", TORCH_X),
             hazard=False),
    Spelling("torch_float_argument", "torch", "chain", loop("plain(x, 0.1 * i + 0.5)", TORCH_X), hazard=False),
    # a string is never made dynamic: its guard fails on every new value, to the recompile limit
    Spelling("torch_object_str_attribute", "torch", "object",
             CFG + "@torch.compile\ndef apply(cfg, v):\n    return v * len(cfg.k)\n\n\n"
             + loop('apply(Cfg(f"mode{i}"), x)', TORCH_X)),
    Spelling("torch_chain_str", "torch", "chain",
             "@torch.compile\ndef tagged(v, tag):\n    return v * len(tag)\n\n\n" + loop('tagged(x, "step" + str(i * 2))', TORCH_X)),
    Spelling("torch_object_str_two_valued", "torch", "object",
             CFG + "@torch.compile\ndef apply(cfg, v):\n    return v * len(cfg.k)\n\n\n"
             + loop('apply(Cfg("even" if i % 2 == 0 else "odd"), x * i)', TORCH_X), hazard=False),
    Spelling("torch_helper_shape_static", "torch", "helper",
             batch("torch.ones(i + 1)") + loop("fixed(batch(i), 2)", TORCH_X)),
    Spelling("torch_helper_shape_dynamic", "torch", "helper",
             batch("torch.ones(i + 1)") + loop("summed(batch(i))", TORCH_X), hazard=False),
    Spelling("torch_nested_outer_static", "torch", "nested",
nested("fixed(x, epoch)", TORCH_X, 2)),
    Spelling("torch_nested_inner_static", "torch", "nested",
nested("fixed(x * epoch, b)", TORCH_X, 2), hazard=False),
    Spelling("torch_int_through_chain", "torch", "chain", loop("plain(x, int(i * 1.5) + 1)", TORCH_X), hazard=False),
]


def programs() -> dict[str, tuple[str, str, str, str, bool, str]]:
    """name -> (framework, axis, component, reach, written as a hazard, source)."""
    out = {}
    for s in SPELLINGS:
        source = HEADERS[s.framework] + PRELUDES[s.framework] + "\n\n" + s.code
        out[f"{s.framework}__{s.family}__{s.name}"] = (s.framework, s.family, s.name, s.family, s.hazard, source)
    return out


def generate(python: str, only: str | None) -> None:
    made = {k: v for k, v in programs().items() if not only or any(p in k for p in only.split(","))}
    label_and_store(made, OUT, python, "/tmp/flow_spellings")


def main() -> None:
    run_cli(__doc__, lambda: measure(OUT), generate, FRAMEWORK_PYTHON)


if __name__ == "__main__":
    main()
