"""Issue 32's false-finding causes, each a rule about values (docs/analysis.md), tested on VALID
shapes written fresh (no finding) beside look-alikes that are hazards and must still be found.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be.
"""

from __future__ import annotations

from labelled import assert_labels_match

# -- a. what `functools.partial` binds is what was bound -----------------------------------

PARTIAL_BINDINGS = """
import functools
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def body(carry, x, *, mode, scale):
    if scale > 1:  # bound from a dict of Python values: static
        carry = carry * scale
    if mode == "sum":
        carry = carry + x
    return carry, carry


@jax.jit
def minimal(xs):
    options = {"mode": "sum", "scale": 2}
    return lax.scan(functools.partial(body, **options), 0.0, xs)


@jax.jit
def with_dict_call(xs):
    return lax.scan(partial(body, **dict(mode="sum", scale=3)), 0.0, xs)


def counted(i, total, *, verbose, limit):
    if verbose:  # a Python bool bound by name
        total = total + i
    if limit > 3:
        total = total * 2
    return total


@jax.jit
def fori(x):
    kw = dict(verbose=False, limit=4)
    step = partial(counted, **kw)
    return lax.fori_loop(0, 3, step, x)


def configured(carry, x, cfg, scale=1.0):
    if cfg["clip"]:  # an item of an options dict bound by keyword
        carry = jnp.clip(carry, -scale, scale)
    return carry + x, carry


@jax.jit
def unknown_keys(xs, **options):
    # keys not spelled out: the mapping may bind any parameter, so none is a tracer for sure
    return lax.scan(partial(configured, **options), 0.0, xs)


# -- look-alikes that are hazards --------------------------------------------------------

def carried(carry, x, *, mode):
    if carry > 0:  # expect: ACC201
        carry = carry - x
    return carry, carry


@jax.jit
def the_carry_is_still_traced(xs):
    return lax.scan(partial(carried, **{"mode": "sum"}), 0.0, xs)


def scaled(carry, x, scale):
    if scale > 1:  # expect: ACC201
        carry = carry * scale
    return carry, carry


@jax.jit
def a_traced_value_bound_by_name(xs, s):
    return lax.scan(partial(scaled, scale=jnp.max(s)), 0.0, xs)
"""


def test_what_partial_binds_is_what_was_bound():
    assert_labels_match(PARTIAL_BINDINGS)


# -- b. a labelled array's metadata is no array --------------------------------------------

WRAPPER_METADATA = """
import jax
import jax.numpy as jnp


@jax.jit
def minimal(da):
    da = da * 2  # an array for sure, or a labelled wrapper around one
    if da.sizes["lon"] > 10:
        da = da[:, :10]
    return da


@jax.jit
def dims_loop(da):
    da = da - da.mean()
    for dim in da.dims:
        if dim == "time":
            da = da - da.mean(dim)
    return da


@jax.jit
def attrs_and_name(da):
    da = da + 1
    if da.attrs.get("units") == "K":
        da = da - 273.15
    if da.name:
        print("normalising", da.name)  # labels only: a warning of static values
    return da


@jax.jit
def coordinate_names(da, other):
    da = da * other
    for name in da.coords:
        if name.startswith("lat"):
            da = da.rename({name: "latitude"})
    if len(da.indexes) > 2:
        return da
    return -da


# -- look-alikes that are hazards --------------------------------------------------------

@jax.jit
def the_wrapped_values_are_traced(da):
    da = da * 2
    if da.values.sum() > 0:  # expect: ACC201
        return da
    if da > 0:  # expect: ACC201
        return -da
    return da.T if da.T.sum() > 1 else da  # expect: ACC203
"""


def test_a_labelled_arrays_metadata_is_no_array():
    assert_labels_match(WRAPPER_METADATA)


# -- e. an explicit tracer test narrows what follows ---------------------------------------

TRACER_TESTS = """
import jax
import jax.numpy as jnp
from jax import core


def _is_tracer(x):
    return isinstance(x, core.Tracer)


def is_traced(x):
    return isinstance(x, jax.core.Tracer)


def minimal(x, factor):
    if not _is_tracer(factor):
        if factor == 1.0:  # a Python number here
            return x
    return x * factor


def early_return(x, factor):
    if is_traced(factor):
        return x * factor
    if factor > 1.0:  # only Python values get this far
        return x
    return x * float(factor)


def core_tracer_else(x, factor):
    if isinstance(factor, core.Tracer):
        scale = factor
    else:
        scale = float(factor)
    return x * scale


def not_a_tracer_returns(x, factor):
    if not is_traced(factor):
        return x * float(factor)
    return x * factor


@jax.jit
def run(x, f):
    return minimal(x, f) + early_return(x, f * 2) + core_tracer_else(x, f + 1) + not_a_tracer_returns(x, f - 1)


# -- look-alikes that are hazards --------------------------------------------------------

def is_training(x):
    return x.ndim > 1


def traced_branch(x, factor):
    if _is_tracer(factor):
        if factor > 1.0:  # expect: ACC201
            return x
    if is_training(factor):  # not a tracer test: says nothing of factor
        if factor > 2.0:  # expect: ACC201
            return -x
    return x * factor


@jax.jit
def run_hazards(x, f):
    return traced_branch(x, f * 2)
"""


def test_an_explicit_tracer_test_narrows_what_follows():
    assert_labels_match(TRACER_TESTS)


# -- c. a module's parameter typed as Python values holds Python values --------------------

MODULE_PARAMETERS = """
from typing import Literal, Optional, Union

import flax.linen as nn
import jax
import jax.numpy as jnp


class Counter(nn.Module):  # never called here: applied from elsewhere
    @nn.compact
    def __call__(self, n: Optional[int]):
        if n > 2:
            return jnp.zeros(3)
        return jnp.ones(3)


class Flag(nn.Module):
    @nn.compact
    def __call__(self, x, train: "bool | None"):
        if train:
            return x
        return nn.Dropout(0.1, deterministic=False)(x)


class Level(nn.Module):
    @nn.compact
    def __call__(self, level: Literal[1, 2, 3], x):
        if level > 1:
            return x
        return x * 2


class Depth(nn.Module):
    @nn.compact
    def __call__(self, depth: Union[int, None] = None, x=None):
        if depth is not None and depth > 3:
            return x
        return nn.Dense(3)(x)


class Outer(nn.Module):
    flag: Flag  # reached only through a module-typed attribute
    depth: Depth

    @nn.compact
    def __call__(self, x, train=False, depth=2):
        h = self.flag(x, train)
        return self.depth(depth, h)


# -- look-alikes that are hazards --------------------------------------------------------

class Gate(nn.Module):
    @nn.compact
    def __call__(self, x, threshold: Optional[jax.Array]):
        if threshold > 0:  # expect: ACC201
            return x
        return -x


class Caller(nn.Module):
    gate: Gate

    @nn.compact
    def __call__(self, x):
        return self.gate(x, jnp.mean(x))
"""


def test_a_modules_parameter_typed_as_python_values_is_static():
    assert_labels_match(MODULE_PARAMETERS)


# -- d. a comprehension's variable is its own ----------------------------------------------

COMPREHENSION_SCOPES = """
import jax
import jax.numpy as jnp


@jax.jit
def minimal(xs):
    k = 3
    ys = [xs[i] for i in range(k)]
    sums = [jnp.sum(k) for k in ys]  # this k is traced, the function's k is not
    if k > 2:
        return sums
    return ys


@jax.jit
def outer_traced_inner_static(x, names):
    x = x * 2
    picked = [x for x in range(4) if x > 1]  # range indices: static
    widths = {x: len(x) for x in names if x.startswith("a")}
    total = sum(x for x in range(3) if x % 2 == 0)
    return x * total, picked, widths


@jax.jit
def nested(x):
    n = x.shape[0]
    shapes = (x.shape, x.T.shape)
    flat = [d for shape in shapes for d in shape if d > 1]
    cells = [[n * r for n in range(2)] for r in range(3)]  # inner n: a range index
    if n > 4:  # the function's n: a shape, static
        return x, flat, cells
    return -x, flat, cells


@jax.jit
def dict_comprehension(params, scale):
    scale = jnp.asarray(scale)
    scaled = {scale: v for scale, v in params.items()}  # keys of a pytree: static
    if len(scaled) > 1 and scale > 0:  # expect: ACC201
        return scaled
    return params


# -- look-alikes that are hazards --------------------------------------------------------

@jax.jit
def the_elements_of_a_traced_array(xs):
    xs = xs * 2
    kept = [v for v in xs if v > 0]  # expect: ACC202
    return jnp.stack(kept)


@jax.jit
def the_outer_name_keeps_its_kind(x):
    x = x * 2
    labels = [x for x in ("a", "b")]
    if x > 0:  # expect: ACC201
        return x, labels
    return -x, labels


def helper(v):
    if v > 0:  # expect: ACC201
        return v
    return -v


@jax.jit
def a_call_inside_sees_the_variable(xs):
    i = 0
    return [helper(i) for i in xs * 2]
"""


def test_a_comprehension_variable_is_its_own():
    assert_labels_match(COMPREHENSION_SCOPES)


# -- g. in a notebook, a redefinition is the name's value from its cell on -----------------

def _notebook_findings(tmp_path, cells: list[str]) -> set[tuple[int, int, str]]:
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    from acclint.api import lint_paths

    path = tmp_path / "nb.ipynb"
    nbformat.write(new_notebook(cells=[new_code_cell(c) for c in cells]), str(path))
    return {(f.cell, f.line, f.code) for f in lint_paths([path])}


def test_a_later_cells_redefinition_is_that_definition_from_there_on(tmp_path):
    cells = [
        # 1: the helper a jitted function of cell 2 calls (a hazard: it is traced)
        "import jax\nimport jax.numpy as jnp\n\ndef helper(n):\n    if n > 2:\n        return n\n    return 0",
        # 2
        "@jax.jit\ndef g(x):\n    return helper(x)\n\ng(jnp.ones(3))",
        # 3: redefined for eager use, after the only trace was built: never traced
        "def helper(n):\n    if n > 2:\n        print(n)\n    return n\n\nhelper(3)",
        # 4: a function defined after the redefinition reads the new helper
        "def scale(x):\n    print('scaling')\n    return x * 2",
        "@jax.jit\ndef run(x):\n    return helper(x) + scale(x)",
        # 6: scale redefined after `run` was defined, called only eagerly
        "def scale(x):\n    if x > 0:\n        print(x)\n    return x\n\nscale(1.0)",
    ]
    assert _notebook_findings(tmp_path, cells) == {
        (1, 5, "ACC201"),  # the first helper, traced by g
        (3, 2, "ACC201"), (3, 3, "ACC401"),  # the second helper, traced by run (cell 5)
        (4, 2, "ACC401"),  # scale as run (cell 5) reads it
    }


def test_a_body_reads_the_definition_live_when_module_code_first_calls_it(tmp_path):
    # a script's main, defined before a redefinition and called after it, runs the new one
    cells = [
        "import jax\n\ndef loss(x):\n    return x * 2",
        "@jax.jit\ndef main(x):\n    return loss(x)",
        "def loss(x):\n    if x > 0:\n        return x\n    return -x",
        "main(1.0)",
    ]
    assert _notebook_findings(tmp_path, cells) == {(3, 2, "ACC201")}


# -- f. a closure traced once per creation writes its enclosing function's state as written --

FRESH_CLOSURES = """
import jax
import jax.numpy as jnp
from jax import lax


def minimal(w):
    calls = 0

    def step(w):
        nonlocal calls
        calls = calls + 1
        return w - 0.1 * jnp.sum(w)

    return jax.jit(step)(w), calls


def decorated(w):
    traced = False

    @jax.jit
    def step(w):
        nonlocal traced
        traced = True
        return w * 2

    out = step(w)
    return out, traced


def bound_to_a_name(w, n):
    seen = []
    counts = {"traces": 0}

    def step(w):
        seen.append(w.shape)
        counts["traces"] = counts["traces"] + 1
        return w + n

    compiled = jax.jit(step)
    return compiled(w), seen, counts


# -- look-alikes that are hazards --------------------------------------------------------

def returned(data):
    count = 0

    @jax.jit
    def loss(w):
        nonlocal count
        count += 1  # expect: ACC405
        return jnp.sum((data - w) ** 2)

    return loss  # called again and again: the trace is replayed


def called_in_a_loop(ws):
    calls = 0

    def step(w):
        nonlocal calls
        calls += 1  # expect: ACC405
        return w * 2

    compiled = jax.jit(step)
    for w in ws:
        compiled(w)
    return calls


def a_tracer_written_out(w):
    last = None

    def step(w):
        nonlocal last
        last = w * 2  # expect: ACC405
        return last

    return jax.jit(step)(w), last


def a_scan_body(xs):
    steps = 0

    def body(carry, x):
        nonlocal steps
        steps += 1  # expect: ACC405
        return carry + x, carry

    return lax.scan(body, 0.0, xs), steps  # once per trace, not once per iteration
"""


def test_a_closure_traced_once_per_creation_writes_as_written():
    assert_labels_match(FRESH_CLOSURES)
