"""Small JAX programs along two axes (context x hazard), labelled by running them.

acclint's ACC1-ACC4 rules were written from examples; this set asks whether their properties
hold for JAX spellings nobody wrote a rule from. Every program puts one HAZARD (or a look-alike
that is fine) into one CONTEXT (a body JAX traces, or runs as written):

    contexts  jax.jit as decorator / call / functools.partial with static_argnums / of a bound
              method / of a function a factory returns; the body of lax.scan, fori_loop,
              while_loop, cond and switch, called from a jitted function and from eager code;
              jax.vmap; jax.grad (under jit and alone) and value_and_grad under jit;
              jax.checkpoint (under jit and alone); a custom_vjp's fwd and bwd; jax.pmap (one
              device); jax.shard_map; equinox.filter_jit; flax.nnx.jit; a flax linen module's
              __call__ run by model.apply in a jitted step; a haiku transformed function applied
              under jit; an optax transformation's update in a jitted step; and plain Python.
    hazards   host draws (np.random, random, a NumPy Generator), Python if / while / ternary /
              and / not / for on a traced value, bool() / float() / int() / .item() / .tolist() /
              np.asarray / np.array / math.* of a traced value, print, logging, a file write, an
              append to an outer list, a global write, an attribute write on an outer object, a
              counter +=, a clock read, time.sleep; look-alikes: jax.random with a key,
              jax.debug.print, jax.debug.callback, io_callback, branches on shapes / dtypes /
              static values / `is None`, jnp.where, lax.cond, a local list grown in a Python loop,
              host NumPy on static values.

The label is what a run shows, never what acclint says: each program and its eager twin (the
same text with every transformation replaced by its plain-Python meaning: jit by the function
itself, lax.scan / fori_loop / while_loop / cond / switch by Python loops and branches, vmap by a
loop over rows, grad by the forward function) run on the same four inputs (two identical, one of
the other sign, one of another batch size):

    error  the traced program raises where the twin does not;
    wrong  it gives other values (a baked branch, a draw or a clock read frozen), or runs an
           effect (print, logging, file write, append, counter, sleep) another number of times,
           or leaves a tracer where the twin leaves an array (a global or attribute write);
    fine   the same as the twin.

A program whose twin raises is no spelling of anything and is dropped. Under vmap the twin runs
the body once per row, the transformation once per call: there an effect counts as run when it
runs at least once per call. The programs are regenerated from this file; only their labels are
stored (tests/data/spellings/jax/labels.json), so tests read them without running JAX:

    python benchmarks/jax_spellings.py generate      # run every program and its twin (jax, flax, ...)
    python benchmarks/jax_spellings.py measure [--by context|hazard|misses]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tf_torch_spellings import HAZARD_LABELS, OWNED, score, summary  # noqa: E402  (scored as the TF / torch set is)
from tf_torch_spellings import LABELLER as TF_TORCH_LABELLER  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "tests" / "data" / "spellings" / "jax"

# --- hazards: name -> (body, intent, the rule the rule pages give it); the body reads `x` and
# leaves its result in `y` -------------------------------------------------------------------------

HAZARDS = {
    "np_random": ("y = x + np.random.rand()", "hazard", "ACC101"),
    "py_random": ("y = x + random.random()", "hazard", "ACC101"),
    "np_generator": ("y = x + RNG.normal()", "hazard", "ACC101"),
    "if_traced": ("if x.sum() > 0:\n    y = x * 2\nelse:\n    y = x - 1", "hazard", "ACC201"),
    "while_traced": ("y = x\nwhile y.sum() < 100:\n    y = y + 10", "hazard", "ACC201"),
    "ternary_traced": ("y = x * 2 if x.max() > 0 else x - 1", "hazard", "ACC203"),
    "and_traced": ("flag = (x.sum() > 0) and (x.max() > 1)\ny = x * flag", "hazard", "ACC202"),
    "not_traced": ("y = x * (not x.sum() > 0)", "hazard", "ACC202"),
    "for_traced": ("y = x * 0\nfor row in x:\n    y = y + row", "hazard", "ACC207"),
    "bool_traced": ("y = x * bool(x.sum() > 0)", "hazard", "ACC202"),
    "float_traced": ("y = x * float(x.sum())", "hazard", "ACC302"),
    "int_traced": ("y = x * int(x.max())", "hazard", "ACC302"),
    "item": ("y = x * x.sum().item()", "hazard", "ACC303"),
    "tolist": ("y = x + x.sum().tolist()", "hazard", "ACC303"),
    "np_asarray": ("y = x + np.asarray(x).mean()", "hazard", "ACC304"),
    "np_array": ("y = x + np.array(x).mean()", "hazard", "ACC304"),
    "math_call": ("y = x * math.tanh(x.mean())", "hazard", "ACC302"),
    "print": ('print("EFFECT", 1)\ny = x + 1', "hazard", "ACC401"),
    "logging": ('logging.warning("EFFECT")\ny = x + 1', "hazard", "ACC403"),
    "file_write": ('with open(LOG_PATH, "a") as log:\n    log.write("EFFECT\\n")\ny = x + 1', "hazard", "ACC402"),
    "append_outer": ("SEEN.append(x)\ny = x + 1", "hazard", "ACC406"),
    "global_write": ("global LAST\nLAST = x\ny = x + 1", "hazard", "ACC405"),
    "attribute_write": ("BOX.last = x\ny = x + 1", "hazard", "ACC409"),
    "counter": ("global CALLS\nCALLS += 1\ny = x + 1", "hazard", "ACC405"),
    "clock": ("y = x + time.perf_counter_ns() % 997", "hazard", "ACC404"),
    "sleep": ("time.sleep(0.001)\ny = x + 1", "hazard", "ACC408"),
    # look-alikes
    "jax_random": ("y = x + jax.random.normal(KEY, x.shape)", "lookalike", ""),
    "debug_print": ('jax.debug.print("EFFECT {s}", s=x.sum())\ny = x + 1', "lookalike", ""),
    "debug_callback": ("jax.debug.callback(lambda s: SEEN.append(1), x.sum())\ny = x + 1", "lookalike", ""),
    "io_callback": (
        "y = io_callback(lambda v: np.asarray(v) + 1.0, jax.ShapeDtypeStruct(x.shape, x.dtype), x)",
        "lookalike",
        "",
    ),
    "shape_branch": ("if x.shape[-1] > 2:\n    y = x * 2\nelse:\n    y = x", "lookalike", ""),
    "dtype_branch": ("if x.dtype == jnp.float32:\n    y = x * 2\nelse:\n    y = x", "lookalike", ""),
    "static_branch": ("scale = 3\nif scale > 2:\n    y = x * scale\nelse:\n    y = x", "lookalike", ""),
    "none_branch": ("bias = None\nif bias is None:\n    y = x\nelse:\n    y = x + bias", "lookalike", ""),
    "jnp_where": ("y = jnp.where(x.sum() > 0, x * 2, x - 1)", "lookalike", ""),
    "lax_cond": ("y = lax.cond(x.sum() > 0, lambda v: v * 2, lambda v: v - 1, x)", "lookalike", ""),
    "local_list": ("parts = []\nfor i in range(3):\n    parts.append(x * i)\ny = parts[-1]", "lookalike", ""),
    "np_static": ("y = x * np.prod(x.shape)", "lookalike", ""),
}

HEADER = """import functools
import logging
import math
import os
import random
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import io_callback
{imports}

SEEN = []
LOG_PATH = os.devnull
CALLS = 0
LAST = None
BOX = types.SimpleNamespace(last=None)
RNG = np.random.default_rng(0)
KEY = jax.random.key(0)
{eager}
"""
# The twin's plain-Python meaning of each transformation (the traced program uses the real one).
EAGER_DEFS = '''

def _same(f=None, **_):
    return f if f is not None else _same


def _scan(f, init, xs):
    carry, ys = init, []
    for x in xs:
        carry, y = f(carry, x)
        ys.append(y)
    return carry, jnp.stack(ys)


def _fori(lo, hi, body, val):
    for i in range(lo, hi):
        val = body(i, val)
    return val


def _while(cond, body, val):
    while cond(val):
        val = body(val)
    return val


def _cond(pred, yes, no, *ops):
    return yes(*ops) if pred else no(*ops)


def _switch(index, branches, *ops):
    return branches[index](*ops)


def _vmap(f):
    return lambda x: jnp.stack([f(row) for row in x])


def _grad(f, has_aux=False):
    return lambda v: (None, f(v)[1]) if has_aux else f(v)


def _value_and_grad(f):
    return lambda v: (f(v), None)


def _shard(f, **_):
    return f
'''
WRAPS = {  # placeholder -> (traced, eager twin)
    "jit": ("jax.jit", "_same"),
    "scan": ("lax.scan", "_scan"),
    "fori": ("lax.fori_loop", "_fori"),
    "while_": ("lax.while_loop", "_while"),
    "cond": ("lax.cond", "_cond"),
    "switch": ("lax.switch", "_switch"),
    "vmap": ("jax.vmap", "_vmap"),
    "grad": ("jax.grad", "_grad"),
    "vag": ("jax.value_and_grad", "_value_and_grad"),
    "checkpoint": ("jax.checkpoint", "_same"),
    "pmap": ("jax.pmap", "_same"),
    "shard_map": ("jax.shard_map", "_shard"),
    "filter_jit": ("eqx.filter_jit", "_same"),
    "nnx_jit": ("nnx.jit", "_same"),
}

# --- contexts: name -> (extra imports, template); {body} / {body8} is the hazard indented ----------
# `run(inputs)` calls the context the way a user does and returns what it gave back.

F = "def f(x):\n{body}\n    return y\n\n\n"
RUN_G = "def run(inputs):\n    return [g(x) for x in inputs]\n"
CONTEXTS = {
    "jit_decorator": ("", "@{jit}\n" + F + "def run(inputs):\n    return [f(x) for x in inputs]\n"),
    "jit_call": ("", F + "g = {jit}(f)\n\n\n" + RUN_G),
    "jit_partial_static": (
        "",
        "@functools.partial({jit}, static_argnums=1)\ndef f(x, n):\n{body}\n    return y * n\n\n\n"
        "def run(inputs):\n    return [f(x, 2) for x in inputs]\n",
    ),
    "jit_method": (
        "",
        "class Scaler:\n    def apply(self, x):\n{body8}\n        return y\n\n\n"
        "def run(inputs):\n    g = {jit}(Scaler().apply)\n    return [g(x) for x in inputs]\n",
    ),
    "jit_factory": (
        "",
        "def make():\n    def f(x):\n{body8}\n        return y\n\n    return f\n\n\ng = {jit}(make())\n\n\n" + RUN_G,
    ),
    "scan_in_jit": (
        "",
        "def step(carry, x):\n{body}\n    return carry, y\n\n\n@{jit}\ndef f(xs):\n    return {scan}(step, 0.0, xs)[1]\n\n\n"
        "def run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "scan_eager": (
        "",
        "def step(carry, x):\n{body}\n    return carry, y\n\n\ndef run(inputs):\n    return [{scan}(step, 0.0, x)[1] for x in inputs]\n",
    ),
    "fori_in_jit": (
        "",
        "def body_fn(i, x):\n{body}\n    return y\n\n\n@{jit}\ndef f(x):\n    return {fori}(0, 1, body_fn, x)\n\n\n"
        "def run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "fori_eager": (
        "",
        "def body_fn(i, x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [{fori}(0, 1, body_fn, x) for x in inputs]\n",
    ),
    "while_in_jit": (
        "",
        "def body_fn(state):\n    i, x = state\n{body}\n    return i + 1, y\n\n\n"
        "@{jit}\ndef f(x):\n    return {while_}(lambda s: s[0] < 1, body_fn, (0, x))[1]\n\n\n"
        "def run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "while_eager": (
        "",
        "def body_fn(state):\n    i, x = state\n{body}\n    return i + 1, y\n\n\n"
        "def run(inputs):\n    return [{while_}(lambda s: s[0] < 1, body_fn, (0, x))[1] for x in inputs]\n",
    ),
    "cond_in_jit": (
        "",
        "def branch(x):\n{body}\n    return y\n\n\n@{jit}\ndef f(x):\n    return {cond}(x.size > 0, branch, lambda v: v, x)\n\n\n"
        "def run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "cond_eager": (
        "",
        "def branch(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [{cond}(x.size > 0, branch, lambda v: v, x) for x in inputs]\n",
    ),
    "switch_in_jit": (
        "",
        "def branch(x):\n{body}\n    return y\n\n\n@{jit}\ndef f(x):\n    return {switch}(0, [branch, lambda v: v], x)\n\n\n"
        "def run(inputs):\n    return [f(x) for x in inputs]\n",
    ),
    "switch_eager": (
        "",
        "def branch(x):\n{body}\n    return y\n\n\ndef run(inputs):\n    return [{switch}(0, [branch, lambda v: v], x) for x in inputs]\n",
    ),
    "vmap": ("", F + "g = {vmap}(f)\n\n\n" + RUN_G),
    "grad_in_jit": (
        "",
        F + "def loss(x):\n    y = f(x)\n    return (y ** 2).sum(), y\n\n\ng = {jit}({grad}(loss, has_aux=True))\n\n\n"
        "def run(inputs):\n    return [g(x)[1] for x in inputs]\n",
    ),
    "grad_alone": (
        "",
        F + "def loss(x):\n    y = f(x)\n    return (y ** 2).sum(), y\n\n\ng = {grad}(loss, has_aux=True)\n\n\n"
        "def run(inputs):\n    return [g(x)[1] for x in inputs]\n",
    ),
    "value_and_grad_in_jit": (
        "",
        "def loss(x):\n{body}\n    return (y ** 2).sum()\n\n\ng = {jit}({vag}(loss))\n\n\n"
        "def run(inputs):\n    return [g(x)[0] for x in inputs]\n",
    ),
    "checkpoint_in_jit": ("", F + "g = {jit}({checkpoint}(f))\n\n\n" + RUN_G),
    "checkpoint_alone": ("", "@{checkpoint}\n" + F + "def run(inputs):\n    return [f(x) for x in inputs]\n"),
    "custom_vjp_fwd": (
        "",
        "@jax.custom_vjp\ndef f(x):\n    return f_fwd(x)[0]\n\n\ndef f_fwd(x):\n{body}\n    return y, None\n\n\n"
        "def f_bwd(res, g):\n    return (g,)\n\n\nf.defvjp(f_fwd, f_bwd)\n\n\n"
        "g = {jit}({vag}(lambda v: f(v).sum()))\n\n\ndef run(inputs):\n    return [g(x)[0] for x in inputs]\n",
    ),
    "custom_vjp_bwd": (
        "",
        "@jax.custom_vjp\ndef f(x):\n    return x\n\n\ndef f_fwd(x):\n    return x, None\n\n\n"
        "def f_bwd(res, x):\n{body}\n    return (y,)\n\n\nf.defvjp(f_fwd, f_bwd)\n\n\n"
        "g = {jit}(jax.grad(lambda v: f(v).sum()))\n\n\n"
        "def run(inputs):\n    return [g(x) if {jit} is jax.jit else f_bwd(None, jnp.ones_like(x))[0] for x in inputs]\n",
    ),
    "pmap": ("", F + "g = {pmap}(f)\n\n\ndef run(inputs):\n    return [g(x[None])[0] for x in inputs]\n"),
    "shard_map_in_jit": (
        "from jax.sharding import PartitionSpec",
        F + "mesh = jax.make_mesh((1,), (\"d\",))\n"
        "g = {jit}({shard_map}(f, mesh=mesh, in_specs=PartitionSpec(), out_specs=PartitionSpec()))\n\n\n" + RUN_G,
    ),
    "equinox_filter_jit": ("import equinox as eqx", "@{filter_jit}\n" + F + "def run(inputs):\n    return [f(x) for x in inputs]\n"),
    "nnx_jit": ("from flax import nnx", "@{nnx_jit}\n" + F + "def run(inputs):\n    return [f(x) for x in inputs]\n"),
    "flax_linen_apply": (
        "import flax.linen as nn",
        "class Block(nn.Module):\n    @nn.compact\n    def __call__(self, x):\n{body8}\n        return y\n\n\n"
        "model = Block()\n\n\n@{jit}\ndef step(params, x):\n    return model.apply(params, x)\n\n\n"
        "def run(inputs):\n    params = {{}}\n    return [step(params, x) for x in inputs]\n",
    ),
    "haiku_transform": (
        "import haiku as hk",
        F + "forward = hk.transform(f)\n\n\n@{jit}\ndef step(params, x):\n    return forward.apply(params, None, x)\n\n\n"
        "def run(inputs):\n    params = {{}}\n    return [step(params, x) for x in inputs]\n",
    ),
    "optax_update": (
        "import optax",
        "def update_fn(updates, state, params=None):\n    x = updates\n{body}\n    return y, state\n\n\n"
        "tx = optax.GradientTransformation(lambda params: optax.EmptyState(), update_fn)\n\n\n"
        "@{jit}\ndef step(x):\n    updates, _ = tx.update(x, tx.init(x))\n    return updates\n\n\n"
        "def run(inputs):\n    return [step(x) for x in inputs]\n",
    ),
    "plain": ("", F + "def run(inputs):\n    return [f(x) for x in inputs]\n"),
}
# Contexts whose twin runs the body once per row where the transformation runs it once per call.
PER_ROW = {"vmap"}


@dataclass
class Program:
    name: str
    context: str
    hazard: str
    intent: str
    code: str
    text: str
    twin: str
    hazard_lines: tuple[int, int]


def _fill(context: str, body: str, eager: bool) -> str:
    imports, template = CONTEXTS[context]
    header = HEADER.format(imports="import types\n" + imports, eager=EAGER_DEFS if eager else "")
    wraps = {k: v[eager] for k, v in WRAPS.items()}
    return header + "\n\n" + template.format(body=textwrap.indent(body, "    "), body8=textwrap.indent(body, "        "), **wraps)


def programs() -> list[Program]:
    """Every context x hazard pair, with its eager twin and the lines its hazard stands on."""
    out = []
    for context in CONTEXTS:
        for hazard, (body, intent, code) in HAZARDS.items():
            text = _fill(context, body, eager=False)
            lines = text.splitlines()
            first = body.splitlines()[0].strip()
            past_header = text[: text.index("KEY = jax.random.key(0)")].count("\n") + 1
            start = next(i for i, line in enumerate(lines, 1) if i > past_header and line.strip() == first)
            end = start + len(body.splitlines()) - 1
            out.append(Program(f"{context}__{hazard}", context, hazard, intent, code, text,
                               _fill(context, body, eager=True), (start, end)))
    return out


# --- labelling: one Python process runs every program and its twin -------------------------------

LABELLER = r'''
import contextlib, importlib.util, json, logging, os, signal, sys, tempfile, time, types, warnings
warnings.simplefilter("ignore")
os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=1")
import numpy as np
import jax, jax.numpy as jnp
import flax.linen, equinox, haiku, optax  # noqa: F401  (imported once, not per program)
from flax import nnx  # noqa: F401

A = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
B = [[-3.0, -1.0, -2.0], [-6.0, -4.0, -5.0]]
C = [[0.5, 1.5, 2.5], [3.5, 4.5, 5.5], [6.5, 7.5, 8.5], [9.5, 10.5, 11.5]]

class Counting(logging.Handler):
    count = 0
    def emit(self, record):
        Counting.count += "EFFECT" in record.getMessage()
logging.getLogger().addHandler(Counting())
SLEEPS = [0]
_sleep = time.sleep
def counting_sleep(s):
    SLEEPS[0] += 1
    _sleep(s)
time.sleep = counting_sleep

#CAPTURED
def timeout(*_):
    raise TimeoutError("no result in 60 s")

def kind(value):
    return "tracer" if isinstance(value, jax.core.Tracer) else type(value).__name__

def execute(name, text):
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, name + ".py")
    with open(path, "w") as fh:
        fh.write(text)
    log = path + ".log"
    open(log, "w").close()
    Counting.count = 0; SLEEPS[0] = 0
    inputs = [jnp.asarray(a, dtype=jnp.float32) for a in (A, A, B, C)]
    result = {"error": None, "values": None}
    signal.signal(signal.SIGALRM, timeout); signal.alarm(60)
    np.random.seed(0)
    module = None
    with captured() as out:
        try:
            spec = importlib.util.spec_from_file_location("spelled_" + name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = module
            spec.loader.exec_module(module)
            module.LOG_PATH = log
            outputs = module.run(inputs)
            jax.effects_barrier()
            result["values"] = [np.asarray(o, dtype=np.float64).tolist() for o in outputs]
        except BaseException as error:
            first = str(error).strip().splitlines()[0][:160] if str(error).strip() else ""
            result["error"] = type(error).__name__ + (": " + first if first else "")
        finally:
            signal.alarm(0)
    if module is not None:
        result["seen"] = len(module.SEEN)
        result["counter"] = module.CALLS
        result["leaks"] = [kind(module.LAST), kind(module.BOX.last)]
        sys.modules.pop("spelled_" + name, None)
    result["prints"] = out["text"].count("EFFECT")
    result["writes"] = open(log).read().count("EFFECT")
    result["logs"] = Counting.count
    result["sleeps"] = SLEEPS[0]
    return result

for line in sys.stdin:
    job = json.loads(line)
    traced = execute(job["name"], job["text"])
    twin = execute(job["name"] + "_twin", job["twin"])
    jax.clear_caches()
    print(json.dumps({"name": job["name"], "traced": traced, "twin": twin}), flush=True)
'''
# What fd 1 and 2 receive (jax.debug.print writes from its callback thread): the TF / torch set's.
LABELLER = LABELLER.replace("#CAPTURED\n", TF_TORCH_LABELLER[TF_TORCH_LABELLER.index("@contextlib.contextmanager"):TF_TORCH_LABELLER.index("def value(")])

EFFECTS = ("prints", "logs", "writes", "seen", "counter", "sleeps")


def verdict(program: Program, traced: dict, twin: dict) -> tuple[str, str]:
    """The label a run shows (see the module docstring) and the observation behind it."""
    import numpy as np

    if twin["error"]:
        return "invalid", f"the eager twin raises {twin['error']}"
    if traced["error"]:
        return "error", traced["error"]
    for effect in EFFECTS:
        got, want = traced.get(effect, 0), twin.get(effect, 0)
        if program.context in PER_ROW:  # run at least once per call (4 calls) or not
            got, want = min(got, 4), min(want, 4)
        if got != want:
            return "wrong", f"{effect}: {traced.get(effect, 0)} traced, {twin.get(effect, 0)} eager over 4 calls"
    if traced["leaks"] != twin["leaks"]:
        return "wrong", f"a global / attribute holds {traced['leaks']} traced, {twin['leaks']} eager"
    got, want = traced["values"], twin["values"]
    if not np.allclose(want[0], want[1]):  # the twin draws anew on every call
        if np.allclose(got[0], got[1]):
            return "wrong", "the same value on two calls with one input, where eager draws anew"
    else:
        for i, (g, w) in enumerate(zip(got, want)):
            if np.shape(g) != np.shape(w) or not np.allclose(g, w, rtol=1e-5):
                return "wrong", f"call {i + 1} of 4 gives another value than eager"
    return "fine", "the same as eager"


def _run_jobs(jobs: list[Program], python: str) -> dict[str, dict]:
    feed = "".join(json.dumps({"name": p.name, "text": p.text, "twin": p.twin}) + "\n" for p in jobs)
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    run = subprocess.run([python, "-c", LABELLER], input=feed, capture_output=True, text=True, cwd="/tmp",
                         check=False, env=env)
    records = {}
    for line in run.stdout.splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            records[record["name"]] = record
    missing = [p.name for p in jobs if p.name not in records]
    if missing:
        sys.exit(f"no run result for {len(missing)} programs ({missing[0]}, ...):\n{run.stderr[-2000:]}")
    return records


def generate(python: str, workers: int) -> None:
    """Run every program with its twin (in `workers` processes) and store the labels."""
    from concurrent.futures import ThreadPoolExecutor

    made = programs()
    shares = [made[i::workers] for i in range(workers)]
    with ThreadPoolExecutor(workers) as pool:
        records = {}
        for part in pool.map(lambda share: _run_jobs(share, python), shares):
            records.update(part)
    index = []
    for p in made:
        outcome, observed = verdict(p, records[p.name]["traced"], records[p.name]["twin"])
        if outcome == "invalid":
            print(f"dropped {p.name}: {observed}")
            continue
        index.append({"name": p.name, "context": p.context, "hazard": p.hazard, "intent": p.intent,
                      "code": p.code if outcome in HAZARD_LABELS else "", "label": outcome, "observed": observed,
                      "hazard_lines": list(p.hazard_lines)})
    STORE.mkdir(parents=True, exist_ok=True)
    (STORE / "labels.json").write_text(json.dumps(index, indent=0) + "\n")
    print(f"{len(index)} programs labelled: {dict(collections.Counter(e['label'] for e in index))}")


# --- measuring acclint on the stored set --------------------------------------------------------

def load_index() -> list[dict]:
    """The stored labels, each with its program's name as its `file` (the key scoring reads)."""
    return [dict(entry, file=entry["name"]) for entry in json.loads((STORE / "labels.json").read_text())]


def predictions(index: list[dict]) -> dict[str, tuple[bool, bool]]:
    """Per program: (an ACC1-ACC4 finding on the hazard's lines, one elsewhere in it)."""
    from acclint.api import lint_text

    made = {p.name: p for p in programs()}
    out = {}
    for entry in index:
        program = made[entry["name"]]
        findings = [f for f in lint_text(program.text, f"spelled/{program.name}.py").findings if f.code.startswith(OWNED)]
        start, end = entry["hazard_lines"]
        on = [start <= f.line <= end for f in findings]
        out[entry["file"]] = (any(on), not all(on))
    return out


def measure(by: str) -> None:
    index = load_index()
    predicted = predictions(index)
    keys = {"all": lambda e: "all", "context": lambda e: e["context"], "hazard": lambda e: e["hazard"]}
    for name in ["all"] + ([by] if by in keys and by != "all" else []):
        for group, row in score(index, predicted, keys[name]).items():
            print(f"{group:32} {summary(row)}")
    if by == "misses":
        for entry in index:
            on, off = predicted[entry["file"]]
            hazard = entry["label"] in HAZARD_LABELS
            if (hazard and not on) or (not hazard and (on or off)):
                print(("MISS " if hazard else "FALSE ") + entry["name"], "-", entry["label"], entry["observed"])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate")
    gen.add_argument("--python", default=sys.executable, help="an interpreter with jax, flax, equinox, haiku, optax")
    gen.add_argument("--workers", type=int, default=2)
    meas = sub.add_parser("measure")
    meas.add_argument("--by", default="all", choices=["all", "context", "hazard", "misses"])
    args = parser.parse_args(argv)
    if args.command == "generate":
        generate(args.python, args.workers)
    else:
        measure(args.by)


if __name__ == "__main__":
    main()
