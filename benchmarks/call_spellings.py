"""How a compiled callable reaches the call that repeats: storm spellings along that path, labelled by running them.

ACC5's analysis rests on one fact: *every call of a compiled callable reached from host code*
(issue 36, point 1). storm_spellings.py varies which key component changes, flow_spellings.py the
path a per-pass value takes into the key; this set (stop 51) varies the path the CALLABLE takes to
the call site, along three axes composed into whole programs:

- callable (`reach=`): how the compiled callable gets to the call: a module name bound to a
  wrapper's result, a decorated def, an attribute set in `__init__` (`self.step = jax.jit(...)`),
  an item of a dict or list of compiled functions (indexed, or iterated in the loop), a class
  attribute, what a factory returns (a module function, a method, an `lru_cache`d one), a
  parameter of the function holding the loop (by position, by keyword), a `functools.partial`
  of one, one wrapped afterwards by `jax.vmap`, `jax.grad` or a decorator, `.lower(...).compile()`,
  and the wrappers `eqx.filter_jit`, `nnx.jit`, `pjit`, `pmap`, `tf.function` (a function, a
  method, a lambda, an attribute), `torch.compile` (a function, a module instance, `model.compile()`);
- loop (`loop=`): where the loop is: in the function making the call (`direct`), in its caller
  (`caller`) or its caller's caller (`caller2`), in a method of an object made on each pass
  (`object`), a `while` on a stepped counter (`while`), at module level (`module`, a notebook's
  loop: the child sets `PASSES` and runs the module's code counted);
- component (`axis=`): what changes on each pass: the callable's identity (`identity`: re-wrapped,
  re-made by a factory, held by an object made on each pass), a static or by-value argument
  (`static`: the counter through arithmetic, `float`, a project function, a new object), a traced
  argument's shape (`shape`), a Python scalar given to `tf.function` (`static`), a module's int
  attribute read under `torch.compile` (`guard`); each with look-alikes that are fine (an
  invariant value, a bounded set, a hoisted wrapper, an `lru_cache`d factory, a bucketed shape).

Labels come from runs only (storm_spellings.label: N and 2N passes, traces counted per line; a
line whose traces grow by at least N/2 is a storm), never from acclint. A program passed to a
function of another module is not in the set: the measure lints one file at a time.

    python benchmarks/call_spellings.py --python /work/venvs/tftorch/bin/python  # label and store
    python benchmarks/call_spellings.py --measure [--misses]                    # acclint on them
    python benchmarks/call_spellings.py --reports DIR   # write them as report modules, for
        benchmarks/reports/stages.py --folder DIR (the stage each miss is lost at)
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from storm_spellings import COUNTING_MODULE, FRAMEWORK_PYTHON, HEAD, ROOT, label_and_store, measure, run_cli, stored  # noqa: E402

OUT = ROOT / "tests" / "data" / "spellings" / "calls"
KEYS = ("framework", "axis", "reach", "loop")
CODES = {"identity": "ACC501", "static": "ACC502", "shape": "ACC503", "guard": "ACC505"}
WRAPPERS = re.compile(r"\b(jit|function|compile|pmap|pjit|filter_jit)\(")  # a wrapper applied on the line


@dataclass(frozen=True)
class Spelling:
    """One whole program: `code` is module-level code (a `def run(n)`, or a module-level loop
    bounded by `PASSES`)."""

    name: str
    framework: str  # jax | tf | torch
    reach: str  # how the callable gets to the call
    loop: str  # where the loop is
    axis: str  # identity | static | shape | guard
    code: str
    hazard: bool = True  # what it is written as; the run decides the label


HEADERS = {
    "jax": ("import functools\n\nimport equinox as eqx\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n"
            "from flax import nnx\nfrom jax.experimental.pjit import pjit\n"),
    "tf": "import functools\n\nimport numpy as np\nimport tensorflow as tf\n",
    "torch": "import functools\n\nimport torch\n",
}
PRELUDES = {
    "jax": '''

def body(v, k, b=1.0):
    return v * k + b


def loss(v, k):
    return (v * k).sum()


def logged(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        return fn(*args, **kwargs)
    return inner
''',
    "tf": '''

def body(v, w):
    return v * w
''',
    "torch": '''

def body(v, k):
    return v * k
''',
}

# -- what changes on each pass: the arguments of the call (`{x}` the input, `i` the pass) --------
# jax: `body(v, k)` with k static (static_argnums=1) or traced
JAX_ARGS = {
    ("static", True): "x, i + 1",
    ("static", False): "x * i, 3",
    ("shape", True): "jnp.ones(i + 1), 2.0",
    ("shape", False): "x * i, 2.0",
}
TF_ARGS = {("static", True): "x, float(i)", ("static", False): "x, tf.constant(float(i))",
           ("shape", True): "tf.ones([i + 1]), 2.0", ("shape", False): "x * float(i), 2.0"}
X = {"jax": "jnp.ones(3)", "tf": "tf.ones(3)", "torch": "torch.ones(3)"}


def jit(axis: str) -> str:
    """The `jax.jit` options of the component: a static second argument, or none."""
    return "jax.jit(body, static_argnums=1)" if axis == "static" else "jax.jit(body)"


@dataclass(frozen=True)
class Reach:
    """How a compiled callable gets to the call: `module(wrapped)` is module-level code binding
    it (`wrapped`: the wrapper applied to `body`), `setup` runs in `run` before the loop, `callee`
    names it at the call."""

    name: str
    module: str
    callee: str
    setup: str = ""


JAX_REACHES = [
    Reach("name", "F = {w}\n", "F"),
    Reach("alias", "_F = {w}\nF = _F\n", "F"),
    Reach("attribute_init", "class Trainer:\n    def __init__(self):\n        self.step = {w}\n\n\nTRAINER = Trainer()\n",
          "TRAINER.step"),
    Reach("attribute_init_local", "class Trainer:\n    def __init__(self):\n        self.step = {w}\n", "trainer.step",
          "trainer = Trainer()"),
    Reach("dict_item", 'FNS = {{"mul": {w}}}\n', 'FNS["mul"]'),
    Reach("list_item", "FNS = [{w}]\n", "FNS[0]"),
    Reach("class_attribute", "class Steps:\n    mul = {w}\n", "Steps.mul"),
    Reach("factory_function", "def make():\n    return {w}\n", "f", "f = make()"),
    Reach("factory_method", "class Builder:\n    def build(self):\n        return {w}\n", "f", "f = Builder().build()"),
    Reach("factory_cached_each_pass", "@functools.lru_cache\ndef make():\n    return {w}\n", "make()"),
    Reach("factory_module_level", "def make():\n    return {w}\n\n\nF = make()\n", "F"),
    Reach("partial_of_compiled", "F = functools.partial({w}, b=0.5)\n", "F"),
    Reach("decorator_after", "F = logged({w})\n", "F"),
    Reach("conditional", "USE = True\nF = {w} if USE else body\n", "F"),
]


def jax_reach_program(reach: Reach, axis: str, hazard: bool) -> str:
    module = reach.module.format(w=jit(axis))
    setup = f"    {reach.setup}\n" if reach.setup else ""
    return (module + "\n\ndef run(n):\n    x = jnp.ones(3)\n" + setup
            + f"    for i in range(n):\n        {reach.callee}({JAX_ARGS[axis, hazard]})\n")


def by_reach() -> list[Spelling]:
    """Every JAX reach with a static and a shape storm, and an invariant look-alike."""
    out = []
    for r in JAX_REACHES:
        for axis, hazard in (("static", True), ("shape", True), ("static" if len(out) % 2 else "shape", False)):
            name = f"{r.name}_{axis}" + ("" if hazard else "_invariant")
            out.append(Spelling(name, "jax", r.name, "direct", axis, jax_reach_program(r, axis, hazard), hazard))
    return out


def loop_direct(call: str, x: str = "jnp.ones(3)", setup: str = "") -> str:
    """`def run(n)` making `call` on each of n passes (its variable `i`)."""
    return f"def run(n):\n    x = {x}\n" + (f"    {setup}\n" if setup else "") + f"    for i in range(n):\n        {call}\n"


def wrapper_spellings() -> list[Spelling]:
    """The other wrappers and what wraps a compiled function afterwards, bound to a module name."""
    s = []
    add = s.append
    # a parameter of the function holding the loop
    for axis, hazard in (("static", True), ("shape", True), ("static", False)):
        tail = "" if hazard else "_invariant"
        loop = f"def train(step_fn, x, n):\n    for i in range(n):\n        step_fn({JAX_ARGS[axis, hazard]})\n\n\n"
        add(Spelling(f"parameter_{axis}{tail}", "jax", "parameter", "direct", axis,
                     loop + f"def run(n):\n    train({jit(axis)}, jnp.ones(3), n)\n", hazard))
        loop = f"def train(x, n, step_fn=None):\n    for i in range(n):\n        step_fn({JAX_ARGS[axis, hazard]})\n\n\n"
        add(Spelling(f"parameter_keyword_{axis}{tail}", "jax", "parameter_keyword", "direct", axis,
                     loop + f"def run(n):\n    train(jnp.ones(3), n, step_fn={jit(axis)})\n", hazard))
    # transforms of a compiled function, applied once
    add(Spelling("vmap_after_shape", "jax", "vmap_after", "direct", "shape",
                 "F = jax.vmap(jax.jit(body), in_axes=(0, None))\n\n\n" + loop_direct("F(jnp.ones((2, i + 1)), 2.0)")))
    add(Spelling("vmap_after_invariant", "jax", "vmap_after", "direct", "shape",
                 "F = jax.vmap(jax.jit(body), in_axes=(0, None))\n\n\n" + loop_direct("F(jnp.ones((2, 3)) * i, 2.0)"), False))
    add(Spelling("grad_after_static", "jax", "grad_after", "direct", "static",
                 "F = jax.grad(jax.jit(loss, static_argnums=1))\n\n\n" + loop_direct("F(x, i + 1)")))
    add(Spelling("grad_after_shape", "jax", "grad_after", "direct", "shape",
                 "F = jax.grad(jax.jit(loss))\n\n\n" + loop_direct("F(jnp.ones(i + 1), 2.0)")))
    add(Spelling("grad_after_invariant", "jax", "grad_after", "direct", "static",
                 "F = jax.grad(jax.jit(loss, static_argnums=1))\n\n\n" + loop_direct("F(x * i, 3)"), False))
    # lowered and compiled ahead of time
    add(Spelling("lower_compile_shape", "jax", "lower_compile", "direct", "shape",
                 loop_direct("jax.jit(body).lower(jnp.ones(i + 1), 2.0).compile()(jnp.ones(i + 1), 2.0)")))
    add(Spelling("lower_compile_static", "jax", "lower_compile", "direct", "static",
                 "F = jax.jit(body, static_argnums=1)\n\n\n" + loop_direct("F.lower(x, i + 1).compile()(x)")))
    add(Spelling("lower_compile_hoisted", "jax", "lower_compile", "direct", "shape",
                 "COMPILED = jax.jit(body).lower(jnp.ones(3), 2.0).compile()\n\n\n" + loop_direct("COMPILED(x * i, 2.0)"),
                 False))
    # the other wrappers
    for wrapper, static, reach in (("eqx.filter_jit(body)", "eqx.filter_jit(body)", "filter_jit"),
                                   ("nnx.jit(body)", "nnx.jit(body, static_argnums=1)", "nnx_jit"),
                                   ("pjit(body)", "pjit(body, static_argnums=1)", "pjit")):
        add(Spelling(f"{reach}_static", "jax", reach, "direct", "static", f"F = {static}\n\n\n" + loop_direct("F(x, i + 1)")))
        add(Spelling(f"{reach}_shape", "jax", reach, "direct", "shape", f"F = {wrapper}\n\n\n" + loop_direct("F(jnp.ones(i + 1), 2.0)")))
        add(Spelling(f"{reach}_invariant", "jax", reach, "direct", "static", f"F = {static}\n\n\n" + loop_direct("F(x * i, 3)"), False))
    pmap = "F = jax.pmap(body, static_broadcasted_argnums=1)\n\n\n"
    add(Spelling("pmap_static", "jax", "pmap", "direct", "static", pmap + loop_direct("F(x, i + 1)", "jnp.ones((1, 3))")))
    add(Spelling("pmap_shape", "jax", "pmap", "direct", "shape", pmap + loop_direct("F(jnp.ones((1, i + 1)), 2)", "jnp.ones((1, 3))")))
    add(Spelling("pmap_invariant", "jax", "pmap", "direct", "static", pmap + loop_direct("F(x * i, 3)", "jnp.ones((1, 3))"), False))
    add(Spelling("decorated_static", "jax", "decorated", "direct", "static",
                 "@functools.partial(jax.jit, static_argnums=1)\ndef step(v, k):\n    return v * k\n\n\n" + loop_direct("step(x, i + 1)")))
    add(Spelling("decorated_method_static", "jax", "decorated_method", "direct", "static",
                 "class Model:\n    @functools.partial(jax.jit, static_argnums=(0, 2))\n    def step(self, v, k):\n        return v * k\n\n\n"
                 "MODEL = Model()\n\n\n" + loop_direct("MODEL.step(x, i + 1)")))
    return s


def identity_spellings() -> list[Spelling]:
    """A compiled callable made anew on each pass, however it gets to the call, and look-alikes."""
    s = []
    add = s.append
    lam = "jax.jit(lambda v, k: v * k)"
    add(Spelling("factory_lambda", "jax", "factory_function", "direct", "identity",
                 f"def make():\n    return {lam}\n\n\n" + loop_direct("f = make()\n        f(x, 2.0)")))
    add(Spelling("factory_lambda_called_at_once", "jax", "factory_function", "direct", "identity",
                 f"def make():\n    return {lam}\n\n\n" + loop_direct("make()(x, 2.0)")))
    add(Spelling("factory_local_def", "jax", "factory_function", "direct", "identity",
                 "def make(k):\n    @jax.jit\n    def step(v):\n        return v * k\n    return step\n\n\n"
                 + loop_direct("step = make(2.0)\n        step(x)")))
    add(Spelling("factory_cached_lambda", "jax", "factory_cached", "direct", "identity",
                 f"@functools.lru_cache\ndef make():\n    return {lam}\n\n\n" + loop_direct("make()(x, 2.0)"), False))
    add(Spelling("factory_module_function", "jax", "factory_function", "direct", "identity",
                 "def make():\n    return jax.jit(body)\n\n\n" + loop_direct("make()(x, 2.0)"), False))
    add(Spelling("factory_method_bound", "jax", "factory_method", "direct", "identity",
                 "class Builder:\n    def _step(self, v):\n        return v * 2.0\n\n    def build(self):\n        return jax.jit(self._step)\n\n\n"
                 + loop_direct("f = Builder().build()\n        f(x)")))
    add(Spelling("object_each_pass_bound", "jax", "attribute_init", "direct", "identity",
                 "class Trainer:\n    def __init__(self):\n        self.step = jax.jit(self._step)\n\n    def _step(self, v):\n        return v * 2.0\n\n\n"
                 + loop_direct("t = Trainer()\n        t.step(x)")))
    add(Spelling("object_each_pass_module_function", "jax", "attribute_init", "direct", "identity",
                 "class Trainer:\n    def __init__(self):\n        self.step = jax.jit(body)\n\n\n"
                 + loop_direct("t = Trainer()\n        t.step(x, 2.0)"), False))
    add(Spelling("dict_rebuilt_lambda", "jax", "dict_item", "direct", "identity",
                 loop_direct('fns = {"mul": jax.jit(lambda v: v * 2.0)}\n        fns["mul"](x)')))
    add(Spelling("list_rebuilt_iterated", "jax", "list_item", "direct", "identity",
                 loop_direct("for fn in [jax.jit(lambda v: v * 2.0)]:\n            fn(x)")))
    add(Spelling("decorator_rewrap_lambda", "jax", "decorator_after", "direct", "identity",
                 loop_direct("f = logged(jax.jit(lambda v: v * 2.0))\n        f(x)")))
    add(Spelling("partial_of_compiled_each_pass", "jax", "partial_of_compiled", "direct", "identity",
                 "F = jax.jit(body)\n\n\n" + loop_direct("functools.partial(F, b=0.5)(x, 2.0)"), False))
    add(Spelling("vmap_of_compiled_each_pass", "jax", "vmap_after", "direct", "identity",
                 "F = jax.jit(body)\n\n\n" + loop_direct("jax.vmap(F)(jnp.ones((2, 3)) * i, jnp.ones(2))"), False))
    add(Spelling("grad_of_compiled_each_pass", "jax", "grad_after", "direct", "identity",
                 "F = jax.jit(loss)\n\n\n" + loop_direct("jax.grad(F)(x * i, 2.0)"), False))
    add(Spelling("parameter_lambda_per_epoch", "jax", "parameter", "caller", "identity",
                 "def epoch(step_fn, x):\n    return step_fn(x)\n\n\n"
                 + loop_direct("epoch(jax.jit(lambda v: v * 2.0), x)")))
    add(Spelling("filter_jit_lambda_each_pass", "jax", "filter_jit", "direct", "identity",
                 loop_direct("f = eqx.filter_jit(lambda v: v * 2.0)\n        f(x)")))
    add(Spelling("nnx_jit_lambda_each_pass", "jax", "nnx_jit", "direct", "identity",
                 loop_direct("f = nnx.jit(lambda v: v * 2.0)\n        f(x)")))
    add(Spelling("pmap_lambda_each_pass", "jax", "pmap", "direct", "identity",
                 loop_direct("f = jax.pmap(lambda v: v * 2.0)\n        f(x)", "jnp.ones((1, 3))")))
    add(Spelling("pjit_lambda_each_pass", "jax", "pjit", "direct", "identity",
                 loop_direct("f = pjit(lambda v: v * 2.0)\n        f(x)")))
    add(Spelling("lower_compile_each_pass", "jax", "lower_compile", "direct", "identity",
                 loop_direct("jax.jit(lambda v: v * 2.0).lower(x).compile()(x)")))
    add(Spelling("hoisted_lambda", "jax", "name", "direct", "identity",
                 "F = jax.jit(lambda v: v * 2.0)\n\n\n" + loop_direct("F(x)"), False))
    return s


# -- where the loop is, for three reaches of a static storm and its look-alike ---------------------
CALLEES = {"name": ("F = jax.jit(body, static_argnums=1)\n", "F"),
           "attribute_init": ("class Trainer:\n    def __init__(self):\n        self.step = jax.jit(body, static_argnums=1)\n\n\n"
                              "TRAINER = Trainer()\n", "TRAINER.step"),
           "factory_module_level": ("def make():\n    return jax.jit(body, static_argnums=1)\n\n\nF = make()\n", "F")}


def loops(callee: str, k: str) -> dict[str, str]:
    """The loops of the `loop` axis, each calling `callee(x, k)` on each pass (`k` from `i`)."""
    call = f"{callee}(x, {k})"
    return {
        "caller": f"def step(x, i):\n    return {call}\n\n\ndef run(n):\n    x = jnp.ones(3)\n    for i in range(n):\n        step(x, i)\n",
        "caller2": (f"def inner(x, i):\n    return {call}\n\n\ndef step(x, i):\n    return inner(x, i)\n\n\n"
                    "def run(n):\n    x = jnp.ones(3)\n    for i in range(n):\n        step(x, i)\n"),
        "object": (f"class Runner:\n    def __init__(self, i):\n        self.i = i\n\n    def go(self, x):\n        i = self.i\n        return {call}\n\n\n"
                   "def run(n):\n    x = jnp.ones(3)\n    for i in range(n):\n        Runner(i).go(x)\n"),
        "while": f"def run(n):\n    x = jnp.ones(3)\n    i = 0\n    while i < n:\n        {call}\n        i += 1\n",
        "module": f"x = jnp.ones(3)\nfor i in range(PASSES):\n    {call}\n",
    }


def by_loop() -> list[Spelling]:
    out = []
    for reach, (module, callee) in CALLEES.items():
        for loop, code in loops(callee, "i + 1").items():
            out.append(Spelling(f"{reach}_{loop}", "jax", reach, loop, "static", module + "\n\n" + code))
        for loop, code in loops(callee, "i % 2").items():
            if loop in ("caller", "module") or reach == "name":
                out.append(Spelling(f"{reach}_{loop}_two_valued", "jax", reach, loop, "static", module + "\n\n" + code, False))
    return out


# -- tf.function ------------------------------------------------------------------------------
TF_REACHES = [
    Reach("name", "F = tf.function(body)\n", "F"),
    Reach("decorated", "@tf.function\ndef F(v, w):\n    return v * w\n", "F"),
    Reach("lambda", "F = tf.function(lambda v, w: v * w)\n", "F"),
    Reach("method", "class Model:\n    @tf.function\n    def step(self, v, w):\n        return v * w\n\n\nMODEL = Model()\n", "MODEL.step"),
    Reach("attribute_init", "class Trainer:\n    def __init__(self):\n        self.step = tf.function(self._step)\n\n"
          "    def _step(self, v, w):\n        return v * w\n", "trainer.step", "trainer = Trainer()"),
    Reach("dict_item", 'FNS = {"mul": tf.function(body)}\n', 'FNS["mul"]'),
    Reach("factory_function", "def make():\n    return tf.function(body)\n", "f", "f = make()"),
]


def tf_spellings() -> list[Spelling]:
    out = []
    for n, r in enumerate(TF_REACHES):
        setup = f"    {r.setup}\n" if r.setup else ""
        for axis, hazard in (("static", True), ("shape", True) if n % 2 else ("static", False)):
            code = (r.module + "\n\ndef run(n):\n    x = tf.ones(3)\n" + setup
                    + f"    for i in range(n):\n        {r.callee}({TF_ARGS[axis, hazard]})\n")
            out.append(Spelling(f"tf_{r.name}_{axis}" + ("" if hazard else "_tensor"), "tf", r.name, "direct", axis, code, hazard))
    ident = [
        ("method_object_each_pass", "method", True,
         "class Model:\n    @tf.function\n    def step(self, v):\n        return v * 2.0\n\n\n", "Model().step(x)"),
        ("attribute_init_each_pass", "attribute_init", True,
         "class Trainer:\n    def __init__(self):\n        self.step = tf.function(body)\n\n\n", "Trainer().step(x, 2.0)"),
        ("factory_each_pass", "factory_function", True, "def make():\n    return tf.function(body)\n\n\n", "make()(x, 2.0)"),
        ("factory_cached_each_pass", "factory_cached", False,
         "@functools.lru_cache\ndef make():\n    return tf.function(body)\n\n\n", "make()(x, 2.0)"),
        ("lambda_each_pass", "lambda", True, "", "tf.function(lambda v: v * 2.0)(x)"),
    ]
    for name, reach, hazard, module, call in ident:
        out.append(Spelling(f"tf_{name}", "tf", reach, "direct", "identity", module + loop_direct(call, "tf.ones(3)"), hazard))
    out.append(Spelling("tf_name_caller", "tf", "name", "caller", "static",
                        "F = tf.function(body)\n\n\ndef step(x, i):\n    return F(x, 0.1 * i)\n\n\n"
                        + loop_direct("step(x, i)", "tf.ones(3)")))
    out.append(Spelling("tf_name_module", "tf", "name", "module", "static",
                        "F = tf.function(body)\nx = tf.ones(3)\nfor i in range(PASSES):\n    F(x, float(i))\n"))
    out.append(Spelling("tf_parameter_static", "tf", "parameter", "direct", "static",
                        "def train(step_fn, x, n):\n    for i in range(n):\n        step_fn(x, float(i))\n\n\n"
                        "def run(n):\n    train(tf.function(body), tf.ones(3), n)\n"))
    return out


# -- torch.compile ----------------------------------------------------------------------------
COUNTING = COUNTING_MODULE
SCALED = '''class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.k = 1

    def forward(self, v):
        return v * self.k


'''


def torch_spellings() -> list[Spelling]:
    x = "torch.ones(3)"
    return [
        Spelling("torch_function_static", "torch", "name", "direct", "static",
                 "F = torch.compile(body, dynamic=False)\n\n\n" + loop_direct("F(x, i + 1)", x)),
        Spelling("torch_factory_str", "torch", "factory_function", "direct", "static",
                 "def tagged(v, tag):\n    return v * len(tag)\n\n\ndef make():\n    return torch.compile(tagged)\n\n\n"
                 + loop_direct('f(x, f"step{i}")', x, "f = make()")),
        Spelling("torch_parameter_str", "torch", "parameter", "direct", "static",
                 "def tagged(v, tag):\n    return v * len(tag)\n\n\ndef train(step_fn, x, n):\n    for i in range(n):\n        step_fn(x, str(i))\n\n\n"
                 "def run(n):\n    train(torch.compile(tagged), torch.ones(3), n)\n"),
        Spelling("torch_module_instance_counting", "torch", "module_instance", "direct", "guard",
                 COUNTING + "MODEL = torch.compile(Counting())\n\n\n" + loop_direct("MODEL(x)", x)),
        Spelling("torch_module_attribute_set", "torch", "module_instance", "direct", "guard",
                 SCALED + "NET = Scaled()\nMODEL = torch.compile(NET)\n\n\n" + loop_direct("NET.k = i + 1\n        MODEL(x)", x)),
        Spelling("torch_model_compile_in_place", "torch", "model_compile", "direct", "guard",
                 COUNTING + "def run(n):\n    model = Counting()\n    model.compile()\n    x = torch.ones(3)\n    for i in range(n):\n        model(x)\n"),
        Spelling("torch_model_compile_invariant", "torch", "model_compile", "direct", "guard",
                 SCALED + "def run(n):\n    model = Scaled()\n    model.compile()\n    x = torch.ones(3)\n    for i in range(n):\n        model(x * i)\n",
                 False),
        Spelling("torch_module_attribute_two_valued", "torch", "module_instance", "direct", "guard",
                 SCALED + "NET = Scaled()\nMODEL = torch.compile(NET)\n\n\n" + loop_direct("NET.k = i % 2\n        MODEL(x)", x), False),
    ]


def spellings() -> list[Spelling]:
    return by_reach() + wrapper_spellings() + identity_spellings() + by_loop() + tf_spellings() + torch_spellings()


def programs() -> dict[str, tuple[str, str, str, str, bool, str]]:
    """name -> (framework, axis, component, reach, written as a hazard, source)."""
    out = {}
    for s in spellings():
        source = HEADERS[s.framework] + PRELUDES[s.framework] + "\n\n" + s.code
        out[f"{s.framework}__{s.reach}__{s.name}"] = (s.framework, s.axis, s.name, s.reach, s.hazard, source)
    return out


def generate(python: str, only: str | None) -> None:
    made = {k: v for k, v in programs().items() if not only or any(p in k for p in only.split(","))}
    loops_of = {f"{s.framework}__{s.reach}__{s.name}": f"loop={s.loop}" for s in spellings()}
    label_and_store(made, OUT, python, "/tmp/call_spellings", {k: loops_of[k] for k in made})


def as_reports(folder: Path) -> None:
    """Write the stored programs as report modules (benchmarks/reports' format, same lines):
    the three head lines become `# framework:`, `# source:` and, for a fine program, `# label:
    none`; a storm's line ends with `# label: ACC50x` (the code of its component)."""
    folder.mkdir(parents=True, exist_ok=True)
    for path, fields, kind, line in stored(OUT):
        lines = path.read_text().splitlines()
        head = [f"# framework: {fields['framework']}", f"# source: call_spellings/{path.stem}",
                "# label: none" if kind == "fine" else "# (labelled below)"]
        body = lines[HEAD:]
        if kind != "fine":
            at = line - HEAD - 1
            code = CODES[fields["axis"]] if kind == "storm" else "ACC502"
            callee = re.match(r"\s*(\w+)\(", body[at])
            binds = re.compile(rf"^\s*{callee.group(1)} = ") if callee else WRAPPERS
            made = [j for j in range(at - 1, max(at - 3, -1), -1) if WRAPPERS.search(body[j]) or binds.search(body[j])][:1]
            if code == "ACC501" and made:  # the rule reports a new identity where it is made (ACC501's page)
                body[at] += "  # label[g]: ACC501"
                body[made[0]] += "  # label[g]"
            else:
                body[at] += f"  # label: {code}"
        (folder / path.name).write_text("\n".join(head + body) + "\n")


def main() -> None:
    if "--reports" in sys.argv:
        as_reports(Path(sys.argv[sys.argv.index("--reports") + 1]))
        return
    run_cli(__doc__, lambda: measure(OUT, KEYS), generate, FRAMEWORK_PYTHON)


if __name__ == "__main__":
    main()
