"""Training programs: ACC5's and ACC6's properties spelt as whole programs, labelled by running them.

storm_spellings.py and hidden_spellings.py compose each property along its axes in a small `run(n)`;
most real JAX code is a training program instead: a loop over steps or epochs at module level, in
`main()`, in a Trainer's `fit`, or in a function called from another function's loop, around a
step built from optax, flax, equinox or haiku. The hazards below are the ones those libraries'
own documentation names for a training loop (cited at each); each states its property in one
sentence, and comes with look-alikes written the way the same documentation says to:

- jax.jit docs ("JIT and caching"): a function object made anew (`partial`, `lambda`, a transform
  applied again) is a new cache entry; static arguments are keyed by hash, traced ones by shape.
- optax issue 577 and `optax.inject_hyperparams`: an optimizer rebuilt for a new learning rate is a
  new static value; the documented way is a schedule given once, or a hyperparameter in the state.
- flax `TrainState`: `tx` and `apply_fn` are static fields (`pytree_node=False`), in the key.
- equinox `filter_jit`: every non-array leaf is static, by value (a Python float learning rate,
  an optax optimizer's functions).
- flax nnx `nnx.jit`: the graph definition, which holds an optimizer's `tx`, is in the key.
- haiku `hk.transform`: each call makes new `init`/`apply` functions.
- A trace bakes in what it reads (jax "sharp bits", pure functions): a hyperparameter read from a
  module-level object and changed by the loop is stale in the compiled step.

Each program is labelled by running it (jax, optax, flax, equinox, haiku): the steps come from the
environment (`TRAIN_STEPS`), the program runs as `__main__` with N and 2N steps while
acclint.crosscheck.storms.TraceCounter counts traces per program line (a line whose traces grow by
at least N/2 is a `storm`), and once more under `jax.disable_jit()`, its eager twin: a different
printed result is `stale` (at the line marked `# read`). Everything else is `fine`.

    python benchmarks/train_spellings.py            # write and label tests/data/spellings/train
    python benchmarks/train_spellings.py --measure  # acclint's recall and false findings on them
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from storm_spellings import HEAD, PASSES, ROOT, run_cli, summarise, verdict  # noqa: E402

OUT = ROOT / "tests" / "data" / "spellings" / "train"
LABEL = re.compile(r"^# label: (storm|stale|unhashable|fine)(?: line=(\d+))?$", re.M)
READ = "# read"


@dataclass(frozen=True)
class Hazard:
    """One hazard (or a look-alike of one) as a training program's parts: `setup` binds the names in
    `state` before the loop, `body` is one step (the loop's variable is `step`) and rebinds them."""

    name: str
    library: str  # jax | optax | flax | equinox | nnx | haiku
    axis: str  # identity | static | shape | stale
    prop: str  # the property, one sentence (look-alikes: why it is fine)
    setup: str
    body: str
    state: tuple[str, ...]
    result: str
    hazard: bool = True
    uses: tuple[str, ...] = ()  # names `setup` binds that `body` only reads (handed to a step function)
    prelude: str = ""  # module-level code of this hazard alone


HEADER = '''import functools
import os

import jax
import jax.numpy as jnp
import optax

NUM_STEPS = int(os.environ.get("TRAIN_STEPS", "100"))
X = jnp.linspace(0.0, 1.0, 24).reshape(8, 3)
Y = jnp.linspace(1.0, 2.0, 8)
DATA = jnp.linspace(0.0, 1.0, 192).reshape(64, 3)
TARGETS = jnp.linspace(1.0, 2.0, 64)
BUCKETS = (16, 32, 64)


def init_params():
    return {"w": jnp.zeros(3), "b": jnp.zeros(())}


def loss_fn(params, x, y):
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


def lr_at(step):
    return 0.1 * 0.9 ** step


def sgd(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def sgd_step(params, x, y, lr=0.1):
    return sgd(params, jax.grad(loss_fn)(params, x, y), lr)


@functools.partial(jax.jit, static_argnames="lr")
def sgd_step_static_lr(params, x, y, lr):
    return sgd_step(params, x, y, lr)


sgd_step_traced_lr = jax.jit(sgd_step)
jitted_loss = jax.jit(loss_fn)


@functools.partial(jax.jit, static_argnums=3)
def opt_step(params, opt_state, batch, tx):
    grads = jax.grad(loss_fn)(params, *batch)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state

'''

FLAX = '''
import flax.linen as nn
from flax.training import train_state


class Linear(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)[:, 0]


MODEL = Linear()


@jax.jit
def ts_step(state, x, y):
    def loss(params):
        return jnp.mean((state.apply_fn(params, x) - y) ** 2)
    return state.apply_gradients(grads=jax.grad(loss)(state.params))


def new_state(tx):
    return train_state.TrainState.create(apply_fn=MODEL.apply, params=MODEL.init(jax.random.PRNGKey(0), X), tx=tx)
'''

EQUINOX = '''
import equinox as eqx

MODEL = eqx.nn.Linear(3, "scalar", key=jax.random.PRNGKey(0))


def eqx_loss(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@eqx.filter_jit
def eqx_lr_step(model, x, y, lr):
    grads = eqx.filter_grad(eqx_loss)(model, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, model, grads)


@eqx.filter_jit
def eqx_opt_step(model, opt_state, optim, x, y):
    grads = eqx.filter_grad(eqx_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, model)
    return eqx.apply_updates(model, updates), opt_state
'''

NNX = '''
from flax import nnx


@nnx.jit
def nnx_step(model, optimizer, x, y):
    def loss(m):
        return jnp.mean((m(x)[:, 0] - y) ** 2)
    optimizer.update(model, nnx.grad(loss)(model))
'''

HAIKU = '''
import haiku as hk


def forward(x):
    return hk.Linear(1)(x)[:, 0]


NET = hk.without_apply_rng(hk.transform(forward))
PARAMS = NET.init(jax.random.PRNGKey(0), X)
'''

CONFIG_READ = '''
class Config:
    def __init__(self):
        self.lr = 0.1


CFG = Config()


@jax.jit
def step_reading_config(params, x, y):
    return sgd(params, jax.grad(loss_fn)(params, x, y), CFG.lr)  # read
'''

HPARAMS_READ = '''
HPARAMS = {"lr": 0.1}


@jax.jit
def step_reading_hparams(params, x, y):
    return sgd(params, jax.grad(loss_fn)(params, x, y), HPARAMS["lr"])  # read
'''

SCALED_MODEL = '''

class ScaledModel(eqx.Module):
    w: jax.Array
    scale: float


@eqx.filter_jit
def scaled_loss(model, x):
    return jnp.mean(x @ model.w) * model.scale
'''

LIBRARY_PRELUDE = {"jax": "", "optax": "", "flax": FLAX, "equinox": EQUINOX, "nnx": NNX, "haiku": HAIKU}

_P = ("params",)
HAZARDS = [
    # -- the compiled step's identity ----------------------------------------------------------
    Hazard("rejit_grad", "jax", "identity",
           "A wrapper applied on every step to a function made anew (a transform's result) compiles on every step.",
           "params = init_params()", "grads = jax.jit(jax.grad(loss_fn))(params, X, Y)\nparams = sgd(params, grads, 0.1)",
           _P, "float(loss_fn(params, X, Y))"),
    Hazard("partial_of_the_lr", "jax", "identity",
           "A jitted `partial` binding the step's learning rate is a new function on every step.",
           "params = init_params()",
           "update = jax.jit(functools.partial(sgd_step, lr=lr_at(step)))\nparams = update(params, X, Y)",
           _P, "float(loss_fn(params, X, Y))"),
    Hazard("local_loss_def", "jax", "identity",
           "A loss defined in the loop body and jitted there is a new function on every step.",
           "params = init_params()",
           "def batch_loss(p):\n    return loss_fn(p, X, Y)\nloss, grads = jax.jit(jax.value_and_grad(batch_loss))(params)\n"
           "params = sgd(params, grads, 0.1)", _P, "float(loss_fn(params, X, Y))"),
    Hazard("step_jitted_once", "jax", "identity",
           "Fine: the step is jitted once, before the loop (the jit docs' advice), and called each step.",
           "params = init_params()\nupdate = jax.jit(sgd_step)", "params = update(params, X, Y)",
           _P, "float(loss_fn(params, X, Y))", hazard=False, uses=("update",)),
    Hazard("haiku_transform_each_step", "haiku", "identity",
           "`hk.transform` called on every step makes a new `apply`, and jitting it compiles on every step.",
           "params = PARAMS",
           "net = hk.without_apply_rng(hk.transform(forward))\nout = jax.jit(net.apply)(params, X)\n"
           "params = jax.tree_util.tree_map(lambda p: p * 0.99, params)", _P, "float(jnp.sum(NET.apply(params, X)))"),
    Hazard("haiku_apply_jitted_once", "haiku", "identity",
           "Fine: the transform's `apply` jitted once, before the loop.",
           "params = PARAMS\napply = jax.jit(NET.apply)",
           "out = apply(params, X)\nparams = jax.tree_util.tree_map(lambda p: p * 0.99, params)", _P,
           "float(jnp.sum(NET.apply(params, X)))", hazard=False, uses=("apply",)),
    # -- static values in the key ---------------------------------------------------------------
    Hazard("static_decayed_lr", "jax", "static",
           "A learning rate decayed every step and passed as a static argument is a new key component every step.",
           "params = init_params()", "params = sgd_step_static_lr(params, X, Y, lr=lr_at(step))",
           _P, "float(loss_fn(params, X, Y))"),
    Hazard("traced_decayed_lr", "jax", "static",
           "Fine: the decayed learning rate passed as a traced argument (a weakly typed scalar): one compile.",
           "params = init_params()", "params = sgd_step_traced_lr(params, X, Y, lr_at(step))",
           _P, "float(loss_fn(params, X, Y))", hazard=False),
    Hazard("optax_rebuilt_static", "optax", "static",
           "An optax optimizer rebuilt every step for its learning rate (optax#577) is a new static argument every step.",
           "params = init_params()\nopt_state = optax.adam(1e-2).init(params)",
           "params, opt_state = opt_step(params, opt_state, (X, Y), optax.adam(lr_at(step)))",
           ("params", "opt_state"), "float(loss_fn(params, X, Y))"),
    Hazard("optax_inject_hyperparams", "optax", "static",
           "Fine: `optax.inject_hyperparams` keeps the learning rate in the optimizer state; the optimizer is built once.",
           "params = init_params()\ntx = optax.inject_hyperparams(optax.adam)(learning_rate=1e-2)\nopt_state = tx.init(params)",
           'opt_state.hyperparams["learning_rate"] = jnp.asarray(lr_at(step))\n'
           "params, opt_state = opt_step(params, opt_state, (X, Y), tx)",
           ("params", "opt_state"), "float(loss_fn(params, X, Y))", hazard=False, uses=("tx",)),
    Hazard("optax_schedule_once", "optax", "static",
           "Fine: a schedule given to the optimizer once (optax's documented way to decay a learning rate).",
           "params = init_params()\ntx = optax.adam(optax.exponential_decay(1e-2, 10, 0.9))\nopt_state = tx.init(params)",
           "params, opt_state = opt_step(params, opt_state, (X, Y), tx)",
           ("params", "opt_state"), "float(loss_fn(params, X, Y))", hazard=False, uses=("tx",)),
    Hazard("optax_multisteps_rebuilt", "optax", "static",
           "An `optax.MultiSteps` accumulator rebuilt every step and passed as a static argument is a new key every step.",
           "params = init_params()\nopt_state = optax.MultiSteps(optax.adam(1e-2), every_k_schedule=2).init(params)",
           "params, opt_state = opt_step(params, opt_state, (X, Y), optax.MultiSteps(optax.adam(1e-2), every_k_schedule=2))",
           ("params", "opt_state"), "float(loss_fn(params, X, Y))"),
    Hazard("trainstate_replace_tx", "flax", "static",
           "A TrainState given a new `tx` every step (a static field, `pytree_node=False`) is a new key every step.",
           "state = new_state(optax.adam(1e-2))",
           "state = state.replace(tx=optax.adam(lr_at(step)))\nstate = ts_step(state, X, Y)",
           ("state",), "float(jnp.sum(state.params['params']['Dense_0']['kernel']))"),
    Hazard("trainstate_created_each_epoch", "flax", "static",
           "A TrainState created anew every pass around a new optimizer compiles the step every pass.",
           "state = new_state(optax.adam(1e-2))",
           "state = train_state.TrainState.create(apply_fn=MODEL.apply, params=state.params, tx=optax.sgd(lr_at(step)))\n"
           "state = ts_step(state, X, Y)",
           ("state",), "float(jnp.sum(state.params['params']['Dense_0']['kernel']))"),
    Hazard("trainstate_schedule_once", "flax", "static",
           "Fine: the TrainState made once, with a schedule in its optimizer.",
           "state = new_state(optax.adam(optax.exponential_decay(1e-2, 10, 0.9)))",
           "state = ts_step(state, X, Y)",
           ("state",), "float(jnp.sum(state.params['params']['Dense_0']['kernel']))", hazard=False),
    Hazard("eqx_float_lr", "equinox", "static",
           "A Python float learning rate decayed every step, passed to `eqx.filter_jit` (non-arrays are static), is a new key every step.",
           "model = MODEL", "model = eqx_lr_step(model, X, Y, lr_at(step))",
           ("model",), "float(eqx_loss(model, X, Y))"),
    Hazard("eqx_array_lr", "equinox", "static",
           "Fine: the learning rate as an array under `eqx.filter_jit` is traced.",
           "model = MODEL", "model = eqx_lr_step(model, X, Y, jnp.asarray(lr_at(step)))",
           ("model",), "float(eqx_loss(model, X, Y))", hazard=False),
    Hazard("eqx_float_field", "equinox", "static",
           "A Python float field of an equinox module set every step (`eqx.tree_at`) is a static leaf under `eqx.filter_jit`, new every step.",
           "model = ScaledModel(jnp.ones(3), 1.0)",
           "model = eqx.tree_at(lambda m: m.scale, model, lr_at(step))\nloss = scaled_loss(model, X)",
           ("model",), "float(scaled_loss(model, X))", prelude=SCALED_MODEL),
    Hazard("eqx_array_field", "equinox", "static",
           "Fine: the same field set to an array every step is a traced leaf.",
           "model = ScaledModel(jnp.ones(3), jnp.asarray(1.0))",
           "model = eqx.tree_at(lambda m: m.scale, model, jnp.asarray(lr_at(step)))\nloss = scaled_loss(model, X)",
           ("model",), "float(scaled_loss(model, X))", hazard=False, prelude=SCALED_MODEL),
    Hazard("eqx_optimizer_rebuilt", "equinox", "static",
           "An optax optimizer rebuilt every step and passed to `eqx.filter_jit` (its functions static, by identity) is a new key every step.",
           "model = MODEL\nopt_state = optax.adam(1e-2).init(eqx.filter(model, eqx.is_array))",
           "optim = optax.adam(lr_at(step))\nmodel, opt_state = eqx_opt_step(model, opt_state, optim, X, Y)",
           ("model", "opt_state"), "float(eqx_loss(model, X, Y))"),
    Hazard("eqx_optimizer_once", "equinox", "static",
           "Fine: the optimizer built once, before the loop.",
           "model = MODEL\noptim = optax.adam(1e-2)\nopt_state = optim.init(eqx.filter(model, eqx.is_array))",
           "model, opt_state = eqx_opt_step(model, opt_state, optim, X, Y)",
           ("model", "opt_state"), "float(eqx_loss(model, X, Y))", hazard=False, uses=("optim",)),
    Hazard("nnx_optimizer_rebuilt", "nnx", "static",
           "An `nnx.Optimizer` rebuilt every step around a new optax optimizer changes the graph definition `nnx.jit` keys on.",
           "model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))",
           "optimizer = nnx.Optimizer(model, optax.sgd(lr_at(step)), wrt=nnx.Param)\nnnx_step(model, optimizer, X, Y)",
           ("model",), "float(jnp.sum(model.kernel[...]))"),
    Hazard("nnx_optimizer_once", "nnx", "static",
           "Fine: the `nnx.Optimizer` built once.",
           "model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))\noptimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)",
           "nnx_step(model, optimizer, X, Y)",
           ("model", "optimizer"), "float(jnp.sum(model.kernel[...]))", hazard=False),
    # -- a traced argument's shape --------------------------------------------------------------
    Hazard("growing_batch", "jax", "shape",
           "A batch sliced to a length that grows with the step (a curriculum) has a new shape every step.",
           "params = init_params()", "loss = jitted_loss(params, DATA[: step + 1], TARGETS[: step + 1])\n"
           "params = sgd_step(params, X, Y)", _P, "float(loss_fn(params, X, Y))"),
    Hazard("bucketed_batch", "jax", "shape",
           "Fine: batch lengths drawn from a literal set of buckets: at most three shapes.",
           "params = init_params()", "n = BUCKETS[step % 3]\nloss = jitted_loss(params, DATA[:n], TARGETS[:n])\n"
           "params = sgd_step(params, X, Y)", _P, "float(loss_fn(params, X, Y))", hazard=False),
    Hazard("last_partial_batch", "jax", "shape",
           "Fine: an epoch's batches of a fixed size, the last one shorter: two shapes, whatever the number of epochs.",
           "params = init_params()",
           "for start in range(0, 20, 8):\n    loss = jitted_loss(params, DATA[start:start + 8], TARGETS[start:start + 8])\n"
           "params = sgd_step(params, X, Y)", _P, "float(loss_fn(params, X, Y))", hazard=False),
    # -- a value the trace read, changed later ---------------------------------------------------
    Hazard("config_attribute_lr", "jax", "stale",
           "A learning rate the jitted step reads from a module-level object, changed by the loop after the first step, is stale.",
           "params = init_params()", "CFG.lr = lr_at(step)\nparams = step_reading_config(params, X, Y)",
           _P, "float(loss_fn(params, X, Y))", prelude=CONFIG_READ),
    Hazard("config_set_before_training", "jax", "stale",
           "Fine: the hyperparameter the jitted step reads is set once before the first step (set-up, not a change).",
           "CFG.lr = 0.05\nparams = init_params()", "params = step_reading_config(params, X, Y)",
           _P, "float(loss_fn(params, X, Y))", hazard=False, prelude=CONFIG_READ),
    Hazard("hparams_item_lr", "jax", "stale",
           "A learning rate the jitted step reads from a module-level dict, changed by the loop, is stale.",
           "params = init_params()", 'HPARAMS["lr"] = lr_at(step)\nparams = step_reading_hparams(params, X, Y)',
           _P, "float(loss_fn(params, X, Y))", prelude=HPARAMS_READ),
]

# Where the loop stands. `{setup:N}`/`{body:N}` are indented by N; `{state}` the names carried.
REACHES = {
    "script": "{setup:0}\nfor step in range(NUM_STEPS):\n{body:4}\nprint({result})\n",
    "main": "def main():\n{setup:4}\n    for step in range(NUM_STEPS):\n{body:8}\n    print({result})\n\n\n"
            'if __name__ == "__main__":\n    main()\n',
    "trainer": "class Trainer:\n    def fit(self, num_steps):\n{setup:8}\n        for step in range(num_steps):\n{body:12}\n"
               "        return {result}\n\n\nif __name__ == \"__main__\":\n    print(Trainer().fit(NUM_STEPS))\n",
    "nested": "def train_one(step, {state}{uses}):\n{body:4}\n    return {state}\n\n\ndef main():\n{setup:4}\n"
              "    for step in range(NUM_STEPS):\n        {state} = train_one(step, {state}{uses})\n    print({result})\n\n\n"
              'if __name__ == "__main__":\n    main()\n',
}


def _fill(template: str, hazard: Hazard) -> str:
    parts = {"setup": hazard.setup, "body": hazard.body}

    def indent(match: re.Match[str]) -> str:
        return textwrap.indent(parts[match.group(1)], " " * int(match.group(2)))
    text = re.sub(r"\{(setup|body):(\d+)\}", indent, template)
    uses = "".join(f", {name}" for name in hazard.uses)
    return text.replace("{state}", ", ".join(hazard.state)).replace("{uses}", uses).replace("{result}", hazard.result)


def programs() -> dict[str, tuple[Hazard, str, str]]:
    """name -> (hazard, reach, source) for every spelling."""
    out = {}
    for h in HAZARDS:
        for reach, template in REACHES.items():
            source = HEADER + LIBRARY_PRELUDE[h.library] + h.prelude + "\n\n" + _fill(template, h)
            out[f"{h.library}__{h.axis}__{h.name}__{reach}"] = (h, reach, re.sub(r"\n{3,}", "\n\n\n", source))
    return out


# -- labelling by running --------------------------------------------------------------------
CHILD = r'''
import contextlib, importlib.util, io, json, os, sys, traceback
from collections import Counter
sys.path.insert(0, sys.argv[1])
import jax
from acclint.crosscheck.storms import TraceCounter


class ProgramTraces(TraceCounter):
    """Also counts the traces of the wrappers equinox.filter_jit and nnx.jit make around the
    program's function, and of the `apply` haiku's transform makes of it (their code is in
    equinox/_jit.py, flax/nnx/ and haiku/_src/)."""

    def _in_fixture(self, fun):
        code = getattr(getattr(fun, "__func__", fun), "__code__", None)
        name = code.co_filename.replace("\\", "/") if code is not None else ""
        return (name.endswith(("equinox/_jit.py", "haiku/_src/transform.py", "haiku/_src/multi_transform.py")) or "/flax/nnx/" in name
                or super()._in_fixture(fun))


def load(path, steps, counter=None):
    """Run the program as __main__ with `steps` steps: (printed output, traces per line, error)."""
    os.environ["TRAIN_STEPS"] = str(steps)
    spec = importlib.util.spec_from_file_location("__main__", path)
    module = importlib.util.module_from_spec(spec)
    out, error = io.StringIO(), None
    try:
        with contextlib.redirect_stdout(out), (counter or contextlib.nullcontext()):
            if counter is not None:
                counter.next_call()
            spec.loader.exec_module(module)
    except Exception as exc:
        tb = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == path]
        error = [type(exc).__name__, " ".join(str(exc).split())[:200], tb[-1].lineno if tb else 0]
    per_line = Counter()
    for c in (counter.calls if counter is not None else []):
        for (_, line), k in c.items():
            per_line[line] += k
    return out.getvalue(), dict(per_line), error


passes = int(sys.argv[2])
for path in sys.argv[3:]:
    printed, first, error = load(path, passes, ProgramTraces({path}))
    _, second, error2 = load(path, 2 * passes, ProgramTraces({path}))
    with jax.disable_jit():
        eager, _, error3 = load(path, passes)
    print(json.dumps({path: {"counts": [first, second], "error": error or error2 or error3,
                             "compiled": printed, "eager": eager}}), flush=True)
'''


def label(paths: list[Path], python: str) -> dict[str, dict]:
    proc = subprocess.run([python, "-c", CHILD, str(ROOT), str(PASSES), *map(str, paths)],
                          capture_output=True, text=True, env={**os.environ, "JAX_PLATFORMS": "cpu"})
    out = {}
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            out.update(json.loads(line))
    if len(out) < len(paths):
        sys.stderr.write(proc.stderr[-3000:])
    return out


def _close(a: str, b: str) -> bool:
    """The compiled and eager outputs agree (floats to a relative 1e-4: compiled code may round differently)."""
    xs, ys = a.split(), b.split()
    try:
        return len(xs) == len(ys) and all(abs(float(x) - float(y)) <= 1e-4 * max(1.0, abs(float(y))) for x, y in zip(xs, ys))
    except ValueError:
        return a == b


def stale_verdict(result: dict, source: str) -> tuple[str, int | None, str] | None:
    """`stale` at the line marked `# read` (counted as stored) when the eager twin prints otherwise."""
    if result["error"] or _close(result["compiled"], result["eager"]):
        return None
    read = next(i for i, line in enumerate(source.splitlines(), 1) if line.endswith(READ))
    return "stale", read + HEAD, f"compiled printed {result['compiled'].strip()}, eager {result['eager'].strip()}"


def generate(python: str, only: str | None) -> None:
    made = {k: v for k, v in programs().items() if not only or any(p in k for p in only.split(","))}
    tmp = Path("/tmp/train_spellings")
    tmp.mkdir(exist_ok=True)
    OUT.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, (_, _, source) in made.items():
        (tmp / f"{name}.py").write_text(source)
        paths.append(tmp / f"{name}.py")
    results = label(paths, python)
    for path in paths:
        h, reach, source = made[path.stem]
        result = results.get(str(path))
        if result is None:
            print(f"  {path.stem}: no result (crashed child?)", file=sys.stderr)
            continue
        kind, line, text = stale_verdict(result, source) or verdict(result)
        if kind == "error":
            print(f"  {path.stem}: dropped, it fails: {text}", file=sys.stderr)
            continue
        head = (f"# spelling: framework={h.library} axis={h.axis} component={h.name} reach={reach} "
                f"written-as={'hazard' if h.hazard else 'look-alike'}\n"
                f"# run ({PASSES} -> {2 * PASSES} steps; eager twin compared): {text}\n"
                f"# label: {kind}" + (f" line={line}" if line else "") + "\n")
        (OUT / path.name).write_text(head + source)
        mark = "" if (kind != "fine") == h.hazard else "   <- differs from what it was written as"
        print(f"  {path.stem}: {kind}{mark}", file=sys.stderr)


# -- measuring acclint on the stored set -----------------------------------------------------
def measure() -> dict:
    """A storm is found by an ACC5 finding at its line (an ACC501 finding at a wrapper
    application: at the line of the call it names, `traced_line`), a stale read by an ACC6
    finding at its line; any other ACC5/ACC6 finding is false."""
    sys.path.insert(0, str(ROOT))
    from acclint.api import lint_text  # noqa: PLC0415
    from acclint.rules.acc5_storms import traced_line  # noqa: PLC0415

    rows = []
    for path in sorted(OUT.glob("*.py")):
        text = path.read_text()
        fields = dict(kv.split("=", 1) for kv in text.splitlines()[0].removeprefix("# spelling: ").split())
        match = LABEL.search(text)
        kind, line = match.group(1), int(match.group(2)) if match.group(2) else None
        result = lint_text(text, path.name)
        if result.error is not None:
            raise RuntimeError(f"{path}: {result.error}")
        # an ACC501 finding at a wrapper application is on the storm whose call it names
        found = sorted({(traced_line(f.line, f.code, f.message), f.code) for f in result.findings if f.code[:4] in ("ACC5", "ACC6")})
        family = "ACC6" if kind == "stale" else "ACC5"
        positive = kind != "fine"
        hit = positive and any(l == line and c.startswith(family) for l, c in found)
        false = [f for f in found if not (positive and f[0] == line and f[1].startswith(family))]
        rows.append({"name": path.stem, **fields, "positive": positive, "hit": hit, "false": false, "found": found})
    return summarise(rows)


def main() -> None:
    run_cli(__doc__, measure, generate, os.environ.get("STORM_PYTHON", sys.executable))


if __name__ == "__main__":
    main()
