"""The library facts of the data files, checked against the libraries themselves.

`python.toml`'s `array_method_functions` (NumPy functions that call the array's own method, so
they compute on a tracer), a sample of the NumPy functions that convert their argument (every
other one, `[host_modules]`), and `rules/apis.toml`'s third-party host draws: each is run under
`jax.jit` here, and acclint's facts must say the same.
"""

from __future__ import annotations

import warnings

import libcst as cst
import pytest

from acclint.analysis.facts import value_facts
from acclint.rules.acc1_rng import dispatched_draw, host_draw

jax = pytest.importorskip("jax", reason="the facts are checked by running JAX")
jnp = pytest.importorskip("jax.numpy")
np = pytest.importorskip("numpy")

X = jnp.arange(6.0).reshape(2, 3)
# Arguments beyond the array for the functions that need them.
EXTRA = {"transpose": ((1, 0),), "reshape": ((3, 2),), "swapaxes": (0, 1), "moveaxis": (0, 1), "repeat": (2,), "searchsorted": (2.0,)}
CONVERTING = ["cos", "sin", "exp", "log", "sqrt", "power", "tanh", "abs", "maximum", "asarray", "array", "where", "dot", "concatenate", "clip", "ravel"]
CONVERTING_EXTRA = {"power": (2,), "maximum": (0,), "where": (1.0, 0.0), "dot": (None,), "clip": (0, 1)}


def test_numpy_functions_that_call_the_arrays_method_compute_on_a_tracer():
    names = sorted(value_facts().array_method_functions)
    assert names
    for qualified in names:
        name = qualified.removeprefix("numpy.")
        function = getattr(np, name)
        extra = EXTRA.get(name, ())
        target = X.ravel() if name == "searchsorted" else X
        out = jax.jit(lambda a: function(a, *extra))(target)
        assert isinstance(out, jax.Array), qualified
        assert value_facts().host_conversion(qualified) is None, qualified


def test_other_numpy_functions_convert_a_tracer():
    for name in CONVERTING:
        function = getattr(np, name)
        extra = CONVERTING_EXTRA.get(name, ())
        if name == "dot":
            call = lambda a: function(a, a.T)  # noqa: E731
        elif name == "concatenate":
            call = lambda a: function([a, a])  # noqa: E731
        else:
            call = lambda a: function(a, *extra)  # noqa: E731
        with pytest.raises(jax.errors.TracerArrayConversionError):
            jax.jit(call)(X)
        assert value_facts().host_conversion(f"numpy.{name}") is not None, name


def _frozen(draw) -> bool:
    """Whether a jitted function adding `draw()` gives the same numbers on every call."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        step = jax.jit(lambda x: x + draw())
        return bool((step(jnp.zeros(3)) == step(jnp.zeros(3))).all())


def test_scipy_stats_draws_are_frozen_into_a_trace():
    stats = pytest.importorskip("scipy.stats", reason="scipy draws are checked by running scipy")
    assert _frozen(lambda: stats.norm.rvs(size=3))
    assert _frozen(lambda: stats.norm(0.0, 1.0).rvs(size=3))
    assert _frozen(lambda: stats.qmc.Sobol(1, scramble=True).random(4)[:3, 0])
    assert host_draw("scipy.stats.norm.rvs")
    assert host_draw("scipy.stats.norm().rvs")
    assert host_draw("scipy.stats.qmc.Sobol().random")
    assert not host_draw("scipy.stats.norm.pdf")


def test_autoray_dispatched_draws_are_frozen_into_a_trace():
    autoray = pytest.importorskip("autoray", reason="autoray's draws are checked by running autoray")
    for backend in ("jax", "numpy"):
        assert _frozen(lambda: autoray.do("random.normal", size=(3,), like=backend))
    call = cst.parse_expression('do("random.normal", size=(3,), like="jax")')
    assert dispatched_draw(call, "autoray.do")
    assert not dispatched_draw(cst.parse_expression('do("sum", x)'), "autoray.do")


def test_objax_draws_are_frozen_into_a_jax_jit_trace():
    """objax draws split the key its generator holds; under jax.jit that key is read once, so the
    numbers repeat (and the generator keeps the trace's key: a later draw raises
    UnexpectedTracerError). objax 1.8 imports with this JAX; its own objax.Jit does not run."""
    objax = pytest.importorskip("objax", reason="objax's draws are checked by running objax (it also needs six)")
    draws = {
        "normal": lambda g: objax.random.normal((3,), generator=g),
        "uniform": lambda g: objax.random.uniform((3,), generator=g),
        "truncated_normal": lambda g: objax.random.truncated_normal((3,), generator=g),
        "randint": lambda g: objax.random.randint((3,), 0, 100, generator=g),
    }
    for name, draw in draws.items():
        generator = objax.random.Generator(1)
        assert _frozen(lambda: draw(generator)), name
        assert host_draw(f"objax.random.{name}"), name
    assert not host_draw("objax.random.Generator")


def test_shapes_sizes_and_axes_must_be_python_values_under_jit():
    """`rules/apis.toml` `[shapes]` (ACC305): each function sized by values raises under jit
    without `size=`; a traced value at each listed shape/axis argument raises; a boolean mask
    index raises."""
    from acclint.rules.tables import apis

    shapes = apis()["shapes"]
    concretization = (jax.errors.ConcretizationTypeError, TypeError, ValueError)
    v = jnp.arange(6.0) - 2.0
    for qualified in shapes["sized"] + shapes["one_argument_sized"]:
        function = _resolve(qualified)
        assert function is not None, qualified
        with pytest.raises(concretization):
            jax.jit(function)(v)
    for entry in shapes["static_arguments"]:
        # torch's entries (under torch.func.vmap) are run by benchmarks/framework_runs.py
        # func_vmap_static_numbers, in an environment with torch
        for qualified in (q for q in entry["functions"] if not q.startswith("torch.")):
            function = _resolve(qualified)
            assert function is not None, qualified
            for position in entry["positions"]:
                with pytest.raises(concretization):
                    jax.jit(lambda n: function(*_with_traced(qualified, position, n)))(2)
    for entry in shapes["static_method_arguments"]:
        for method in entry["methods"]:
            with pytest.raises(concretization):
                jax.jit(lambda n, method=method: getattr(X, method)(n, -1) if method == "reshape" else getattr(X, method)(n))(1)
    with pytest.raises(jax.errors.NonConcreteBooleanIndexError):
        jax.jit(lambda x: x[x > 0])(v)


# Plausible arguments before and after the traced one (`arange(0, n)`, `linspace(0.0, 1.0, n)`).
SHAPE_ARGUMENTS = {
    "jax.numpy.full": ((), (1.0,)), "jax.numpy.arange": ((0, 1), ()), "jax.numpy.linspace": ((0.0, 1.0), ()),
    "jax.numpy.logspace": ((0.0, 1.0), ()), "jax.numpy.reshape": ((X,), ()),
}


def _with_traced(qualified: str, position: int, n):
    """The arguments of a call of `qualified` with the traced `n` at `position`."""
    if qualified == "jax.numpy.reshape":
        return (X, (n, -1))
    before, after = SHAPE_ARGUMENTS.get(qualified, ((X,), ()))
    return (*before[:position], n, *after)


def _flagged(x, training):
    if training:
        return 2.0 * x
    return x


def test_markers_that_trace_python_scalars_do():
    """`scalars = "traced"` in jax.toml: a Python bool passed to such a marker's function is a
    tracer (so `if training:` raises); equinox.filter_jit keeps it static and is not marked."""
    from acclint.frameworks.markers import load_markers

    markers = load_markers()
    marked = sorted(name for name, m in markers.markers.items() if m.scalars_traced)
    assert "jax.jit" in marked and "equinox.filter_jit" not in marked
    resolved = {name: _resolve(name) for name in marked}
    runnable = {name: found for name, found in resolved.items() if found is not None}
    assert {"jax.jit", "jax.checkpoint", "flax.nnx.jit"} <= set(runnable)
    for name, marker in runnable.items():
        with pytest.raises(jax.errors.TracerBoolConversionError):
            marker(_flagged)(X, True)
    eqx = pytest.importorskip("equinox", reason="equinox's static scalars are checked by running it")
    assert float(eqx.filter_jit(_flagged)(X, True).sum()) == float(2.0 * X.sum())


def _resolve(qualified: str):
    """The object a qualified name names in this JAX (None: this version no longer has it)."""
    import importlib

    module, _, attr = qualified.rpartition(".")
    while module:
        try:
            found = importlib.import_module(module)
            break
        except ImportError:
            module, _, outer = module.rpartition(".")
            attr = f"{outer}.{attr}"
    else:
        return None
    for part in attr.split("."):
        found = getattr(found, part, None)
        if found is None:
            return None
    return found
