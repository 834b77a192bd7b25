"""Import resolution: every spelling reaches the qualified name the tables use."""

import libcst as cst
import pytest

import acclint.runtime
from acclint.analysis.names import _STAR_EXPORTS, ImportTable


def table_for(source: str) -> ImportTable:
    table = ImportTable()
    for stmt in cst.parse_module(source).body:
        for small in getattr(stmt, "body", ()):
            if isinstance(small, cst.Import):
                table.add_import(small)
            elif isinstance(small, cst.ImportFrom):
                table.add_import_from(small)
            elif isinstance(small, cst.Assign):
                table.add_alias(small.targets[0].target.value, small.value)
    return table


@pytest.mark.parametrize(
    "source, expression, qualified",
    [
        ("import jax", "jax.jit", "jax.jit"),
        ("import jax as j", "j.jit", "jax.jit"),
        ("from jax import jit as compile_fn", "compile_fn", "jax.jit"),
        ("import jax.numpy as jnp", "jnp.where", "jax.numpy.where"),
        ("import jax.numpy", "jax.numpy.where", "jax.numpy.where"),
        ("from jax import lax", "lax.scan", "jax.lax.scan"),
        ("import numpy as np\nrng = np.random.default_rng(0)", "rng.normal", "numpy.random.default_rng().normal"),
        ("import jax\nfast = jax.jit", "fast", "jax.jit"),
        ("from acclint.runtime import *", "dlaccelerate", "acclint.runtime.dlaccelerate"),
        ("from acclint import runtime as rt", "rt.rand", "acclint.runtime.rand"),
        ("", "print", "print"),
    ],
)
def test_spellings_resolve(source, expression, qualified):
    assert table_for(source).resolve(cst.parse_expression(expression)) == qualified


def test_a_name_bound_to_two_things_is_not_resolved_through_either():
    table = table_for("import numpy as np\nimport jax.numpy as np")
    assert table.resolve(cst.parse_expression("np.asarray")) == "np.asarray"


def test_star_exports_match_the_runtime():
    assert set(_STAR_EXPORTS["acclint.runtime"]) == set(acclint.runtime.__all__)
