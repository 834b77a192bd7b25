"""MATLAB's dlarray functions: static views, data extraction, elementwise math and reductions.

Static views (``size``, ``dims``, ``finddim``) never touch values and are safe anywhere.
Every other function runs through a primitive, so it is traced by ``dlfeval`` and recorded by
``dlaccelerate``; given plain arrays instead of dlarrays they return plain JAX arrays.
"""

import jax.numpy as jnp

from . import hazards, ops
from .dlarray import dlarray


def size(x, dim=None):
    """The shape of ``x`` as a tuple (``size(x, dim)``: one entry, 0-based). A static view."""
    shape = tuple(x.shape)
    return shape if dim is None else shape[dim]


def dims(x):
    """The format string of ``x`` (``""`` for unformatted or non-dlarray values). A static view."""
    return x._fmt if isinstance(x, dlarray) else ""


def finddim(x, label):
    """The 0-based axes of ``x`` labelled ``label`` (e.g. ``finddim(x, "S")``). A static view."""
    return [axis for axis, name in enumerate(dims(x)) if name == label]


def extractdata(x):
    """The data of ``x`` as a JAX array, with no derivative trace.

    Sharp edge (hazard ACC3): inside ``dlfeval`` gradients do not flow through the result;
    while ``dlaccelerate`` builds a trace the result is a constant baked into the trace.
    """
    if not isinstance(x, dlarray):
        return jnp.asarray(x)
    hazards.host_conversion(x, "extractdata")
    return x._data


def stripdims(x):
    """``x`` without its format (still traced)."""
    return dlarray._make(x._data, "", x._grad, x._rec)


def exp(x): return ops.unary(ops.EXP, x)
def log(x): return ops.unary(ops.LOG, x)
def sqrt(x): return ops.unary(ops.SQRT, x)
def tanh(x): return ops.unary(ops.TANH, x)
def sigmoid(x): return ops.unary(ops.SIGMOID, x)
def atan(x): return ops.unary(ops.ATAN, x)
def abs(x): return ops.unary(ops.ABS, x)  # noqa: A001 (MATLAB's name)
def sin(x): return ops.unary(ops.SIN, x)
def cos(x): return ops.unary(ops.COS, x)


def relu(x):
    """max(x, 0); its derivative is 0 at 0 (as MATLAB's) and 1 above."""
    return ops.unary(ops.RELU, x)


def sum(x, axis=None, keepdims=False):  # noqa: A001 (MATLAB's name)
    """Sum over ``axis``: None (all), an int, a tuple, or labels such as ``"S"``."""
    return ops.reduce(ops.SUM, x, axis, keepdims)


def mean(x, axis=None, keepdims=False):
    """Mean over ``axis``: None (all), an int, a tuple, or labels such as ``"S"``."""
    return ops.reduce(ops.MEAN, x, axis, keepdims)


def where(cond, a, b):
    """Elementwise ``a`` where ``cond`` else ``b``: the traceable replacement for ``if``."""
    return ops.where(cond, a, b)
