"""Each kind of reach of a function is its own trace (acclint.analysis.scopes.Trace; issue 21).

A function handed to `jax.grad(f)` and, elsewhere, to `jax.jit(f, static_argnums=0)` is traced
twice: under `grad` alone `x` is a tracer of a concrete value, so `if x < 3` works (ACC2 does
not apply there) while `float(x)` raises (ACC3 does); under the `jit` `x` is static. A finding
that needs a value traced in a cached trace holds only where one cached reach traces it, never
by joining the cached context of one reach with the traced parameter of the other. A marker
applied inside a jitted function traces within that one trace, so `grad` inside `jit` is still
a cached trace of a traced value. Each claim is checked with JAX at the end.
"""

from __future__ import annotations

import json
import textwrap

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from acclint.run.config import Settings
from cli_run import acclint
from labelled import assert_labels_match

BRANCHES = """
    def f(x):
        if x < 3:{expect}
            return x ** 2
        return x
"""
GRAD = "g = jax.grad(f)"
JIT_STATIC = "h = jax.jit(f, static_argnums=(0,))"
JIT = "h = jax.jit(f)"
EXPECT = "  # expect: ACC201"


def module(*markers: str, expect: str = "") -> str:
    return "import jax\n" + textwrap.dedent(BRANCHES.format(expect=expect)) + "\n" + "\n".join(markers) + "\n"


@pytest.mark.parametrize("markers", [(GRAD, JIT_STATIC), (JIT_STATIC, GRAD)], ids=["grad-then-jit", "jit-then-grad"])
def test_a_parameter_traced_by_grad_and_static_under_jit_is_no_finding(markers):
    assert_labels_match(module(*markers))
    assert_labels_match(module(*markers), Settings(strictness="pedantic"))


@pytest.mark.parametrize("markers", [(GRAD, JIT), (JIT, GRAD), (JIT,)], ids=["grad-then-jit", "jit-then-grad", "jit"])
def test_the_same_if_under_a_jit_that_traces_the_parameter_is_reported(markers):
    assert_labels_match(module(*markers, expect=EXPECT))


@pytest.mark.parametrize("strictness", ["precise", "pedantic"])
def test_python_control_flow_under_grad_alone_is_no_finding(strictness):
    assert_labels_match(module(GRAD), Settings(strictness=strictness))


def test_a_conversion_under_grad_is_reported_though_the_jit_holds_it_static():
    assert_labels_match("""
        import jax

        def f(x):
            return float(x) * x  # expect: ACC302

        g = jax.grad(f)
        h = jax.jit(f, static_argnums=(0,))
    """)


HELPERS = """
    import jax

    def double(y):
        return 2 * y

    def positive(y):
        if y > 0:{expect}
            return y
        return -y

    def f(x):
        if double(x) < 3:{expect}
            return positive(x)
        return x

    g = jax.grad(f)
    h = jax.jit(f{static})
"""


@pytest.mark.parametrize("static", [True, False], ids=["jit-static", "jit"])
def test_helpers_reached_from_both_traces_get_each_trace_s_kinds(static):
    """`double` returns a tracer in the grad trace alone, and `positive` receives one there."""
    source = HELPERS.format(expect="" if static else EXPECT, static=", static_argnums=(0,)" if static else "")
    assert_labels_match(source)


def test_grad_inside_a_jitted_function_is_one_cached_trace():
    assert_labels_match("""
        import jax

        def loss(x):
            if x < 3:  # expect: ACC201
                return x ** 2
            return x

        @jax.jit
        def step(x):
            return jax.grad(loss)(x)
    """)


def notebook(path, *sources: str) -> None:
    nb = new_notebook(cells=[new_code_cell(s) for s in sources])
    path.write_text(json.dumps(json.loads(nbformat.writes(nb)), indent=1) + "\n")


def test_notebook_cells_in_either_order(tmp_path):
    definition = textwrap.dedent(BRANCHES.format(expect="")).strip() + "\n"
    notebook(tmp_path / "grad_first.ipynb", "import jax", definition, GRAD, JIT_STATIC)
    notebook(tmp_path / "jit_first.ipynb", "import jax", definition, JIT_STATIC, GRAD)
    notebook(tmp_path / "traced.ipynb", "import jax", definition, GRAD, JIT)
    run = acclint("check", "--no-cache", "--output-format", "concise", ".", cwd=tmp_path)
    lines = run.stdout.splitlines()[:-1]
    assert [line.split(": ")[0] for line in lines] == ["traced.ipynb:cell 2:line 2:5"], run.stdout
    assert "ACC201" in lines[0]


def test_jax_agrees():
    jax = pytest.importorskip("jax", reason="the claims are checked by running JAX")

    def f(x):
        if x < 3:
            return x ** 2
        return x

    assert jax.grad(f)(2.0) == 4.0  # Python control flow on a grad tracer of a concrete value
    assert jax.jit(f, static_argnums=(0,))(2.0) == 4.0
    with pytest.raises(jax.errors.TracerBoolConversionError):
        jax.jit(f)(2.0)
    with pytest.raises(jax.errors.TracerBoolConversionError):
        jax.jit(lambda x: jax.grad(f)(x))(2.0)  # grad inside jit: one cached trace
    with pytest.raises(jax.errors.ConcretizationTypeError):
        jax.grad(lambda x: float(x) * x)(2.0)
    assert jax.jit(lambda x: float(x) * x, static_argnums=(0,))(2.0) == 4.0
