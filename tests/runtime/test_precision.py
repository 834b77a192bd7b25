"""Every matrix product and convolution the runtime computes asks XLA for full precision.

On a GPU, JAX's default lets XLA compute float32 products in TensorFloat-32; on an H200 that
failed the runtime's own accuracy tests (runtime/primitive.py says why full precision is the
runtime's contract). A CPU computes the same numbers in either mode, so these tests read the
precision each product and convolution is compiled with, in the forward computation and in its
derivative (what ``dlfeval``/``dlgradient`` and an accelerated replay run).
"""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import importlib

from acclint.runtime import arrays, nn, ops, recurrent

attention = importlib.import_module("acclint.runtime.attention")  # the package exports a function of that name

RNG = np.random.default_rng(3)
C, B, T, H = 3, 2, 4, 2


def f32(*shape):
    return jnp.asarray(RNG.standard_normal(shape), jnp.float32)


CASES = {
    "matmul": (ops.MATMUL, (f32(3, 4), f32(4, 2)), {}),
    "pagemtimes": (arrays.PAGEMTIMES, (f32(3, 4, 2), f32(4, 2, 2)), {}),
    "fullyconnect": (nn.FULLYCONNECT, (f32(C, B), f32(5, C), f32(5)), {"batch_axes": (1,)}),
    "dlconv": (nn.CONV, (f32(6, 6, 1, B), f32(3, 3, 1, 2), f32(2)),
               {"stride": (1, 1), "padding": "SAME"}),
    "dltranspconv": (nn.TRANSPCONV, (f32(3, 3, 2, B), f32(2, 2, 1, 2), f32(1)),
                     {"stride": (1, 1), "cropping": ((0, 0), (0, 0))}),
    "lstm": (recurrent.LSTM, (f32(C, B, T), f32(H, B), f32(H, B), f32(4 * H, C), f32(4 * H, H),
                              f32(4 * H)), {}),
    "gru": (recurrent.GRU, (f32(C, B, T), f32(H, B), f32(3 * H, C), f32(3 * H, H), f32(3 * H)),
            {"reset_gate_mode": "after-multiplication"}),
    "attention": (attention.ATTENTION, (f32(4, B, T), f32(4, B, T), f32(4, B, T), None),
                  {"num_heads": 2, "scale": 0.5}),
}

PRODUCTS = {"dot_general": "precision", "conv_general_dilated": "precision"}


def precisions(jaxpr):
    """The precision parameter of every product and convolution in ``jaxpr``, sub-jaxprs (a
    scan's body, a custom derivative's) included."""
    found = []
    for eqn in jaxpr.eqns:
        if eqn.primitive.name in PRODUCTS:
            found.append(eqn.params[PRODUCTS[eqn.primitive.name]])
        for param in eqn.params.values():
            for sub in param if isinstance(param, (tuple, list)) else (param,):
                inner = getattr(sub, "jaxpr", sub)
                if hasattr(inner, "eqns"):
                    found += precisions(inner)
    return found


def full(precision):
    highest = jax.lax.Precision.HIGHEST
    return precision in (highest, (highest, highest))


@pytest.mark.parametrize("name", CASES)
def test_products_are_compiled_at_full_precision_forward_and_backward(name):
    prim, args, params = CASES[name]

    def forward(*xs):  # the differentiable operands; the others (a mask) are None
        it = iter(xs)
        return prim.impl(*(None if a is None else next(it) for a in args), **params)

    def backward(*xs):
        out, pullback = jax.vjp(forward, *xs)
        return pullback(jax.tree_util.tree_map(jnp.ones_like, out))

    operands = tuple(a for a in args if a is not None)
    for program in (forward, backward):
        found = precisions(jax.make_jaxpr(program)(*operands).jaxpr)
        assert found, f"{name}: no product or convolution found"
        assert all(full(p) for p in found), f"{name}: {found}"


def test_eager_calls_compile_full_precision():
    """The eager path (``Primitive.eager``, one jitted call per operation) lowers the same."""
    a, b = f32(3, 4), f32(4, 2)
    text = ops.MATMUL.eager.lower(a, b).as_text()
    assert "precision = [HIGHEST, HIGHEST]" in text, text
