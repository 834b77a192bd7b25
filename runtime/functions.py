"""MATLAB's dlarray functions: static views, data extraction, elementwise math, reductions and
``zeros``/``ones``.

Static views (``size``, ``dims``, ``finddim``) never touch values and are safe anywhere.
Every other function runs through a primitive, so it is traced by ``dlfeval`` and recorded by
``dlaccelerate``; given plain arrays instead of dlarrays they return plain JAX arrays.
"""

import jax
import jax.numpy as jnp
import numpy as np

from . import hazards, ops
from .dlarray import apply, binary, dlarray, reduce, reshape, unary
from .dlarray import where as _where
from .options import name_value
from .primitive import Primitive
from .random import shape_of


def size(x, dim=None):
    """The shape of ``x`` as a tuple (``size(x, dim)``: one entry, **0-based**). A static view.

    Porting trap: MATLAB's ``size(X, 3)`` of an ``"SSCB"`` array is its channels; here that
    is ``size(x, 2)`` (``size(x, 3)`` is the batch), or better ``size(x, finddim(x, "C")[0])``.
    A ``dim`` past the last dimension is an ``IndexError`` that says so (MATLAB returns 1).
    """
    shape = tuple(x.shape)
    if dim is None:
        return shape
    if not -len(shape) <= dim < len(shape):
        raise IndexError(f"size(x, {dim}): x has {len(shape)} dimensions, numbered 0 to "
                         f"{len(shape) - 1} (dimensions are 0-based here: MATLAB's size(X, d) is "
                         "size(x, d - 1))")
    return shape[dim]


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


def _to_host(data):
    return jax.device_put(data, jax.devices("cpu")[0])


# Eagerly a copy to the host; in a replayed trace and in derivatives the identity (the compiled
# program's values stay on its device; a derivative has nothing to move).
GATHER = Primitive("gather", lambda data: data, eager=_to_host)


def gather(*xs):
    """MATLAB's ``gather``: each ``x`` with its data on the host (the CPU), as MATLAB's gather
    of a ``gpuArray`` or of a dlarray holding one.

    A dlarray stays a dlarray with the same format and dtype, and stays traced (gather moves
    data, it reads no values, so unlike ``extractdata`` it is no hazard and gradients flow
    through it); a JAX array becomes a JAX array on the CPU; anything else is returned as it
    is (MATLAB: gather has no effect on data it cannot gather). One input gives one result,
    several a tuple, as MATLAB's ``[X1, X2] = gather(A1, A2)``; a network is gathered with
    ``dlupdate(gather, net)``. Inside an accelerated function's replay the data stays where
    the compiled program runs: gather its outputs.
    """
    if not xs:
        raise TypeError("gather needs at least one input")
    out = tuple(apply(GATHER, (x,), {}, x._fmt) if isinstance(x, dlarray)
                else _to_host(x) if isinstance(x, jax.Array) else x for x in xs)
    return out[0] if len(out) == 1 else out


def stripdims(x):
    """``x`` without its format (still traced)."""
    return dlarray._make(x._data, "", x._grad, x._rec)


def exp(x):
    """Exponential."""
    return unary(ops.EXP, x)


def log(x):
    """Natural logarithm."""
    return unary(ops.LOG, x)


def sqrt(x):
    """Square root."""
    return unary(ops.SQRT, x)


def tanh(x):
    """Hyperbolic tangent."""
    return unary(ops.TANH, x)


def sigmoid(x):
    """The logistic function 1 / (1 + exp(-x))."""
    return unary(ops.SIGMOID, x)


def atan(x):
    """Inverse tangent."""
    return unary(ops.ATAN, x)


def abs(x):  # noqa: A001 (MATLAB's name)
    """Absolute value. Not exported by ``import *``."""
    return unary(ops.ABS, x)


def sin(x):
    """Sine (radians)."""
    return unary(ops.SIN, x)


def cos(x):
    """Cosine (radians)."""
    return unary(ops.COS, x)


def relu(x):
    """max(x, 0); its derivative is 0 at 0 (as MATLAB's) and 1 above."""
    return unary(ops.RELU, x)


def sum(x, axis=None, keepdims=False):  # noqa: A001 (MATLAB's name)
    """Sum over ``axis``: None (all), a 0-based int, a tuple, or labels such as ``"S"``.

    Porting trap: MATLAB's ``sum(X, 3)`` of ``"SSCB"`` data sums channels; here that is
    ``sum(x, 2)`` or, clearer, ``sum(x, "C")``. MATLAB's ``sum(X)`` sums the first dimension;
    here ``sum(x)`` sums everything. Not exported by ``from acclint.runtime import *``.
    """
    return reduce(ops.SUM, x, axis, keepdims)


def mean(x, axis=None, keepdims=False):
    """Mean over ``axis``: None (all), an int, a tuple, or labels such as ``"S"``."""
    return reduce(ops.MEAN, x, axis, keepdims)


def _extremum(reduction, elementwise, x, y, axis, keepdims):
    if y is not None:
        if axis is not None:
            raise TypeError("pass either a second array (elementwise) or axis= (a reduction)")
        return binary(elementwise, x, y)
    return reduce(reduction, x, axis, keepdims)


def max(x, y=None, axis=None, keepdims=False):  # noqa: A001 (MATLAB's name)
    """MATLAB's ``max``: ``max(x, y)`` elementwise, ``max(x, axis=d)`` for ``max(X, [], d+1)``
    (0-based ``axis`` or labels), ``max(x)`` over everything. Not exported by ``import *``."""
    return _extremum(ops.MAX, ops.MAXIMUM, x, y, axis, keepdims)


def min(x, y=None, axis=None, keepdims=False):  # noqa: A001 (MATLAB's name)
    """MATLAB's ``min``; see ``max``. Not exported by ``import *``."""
    return _extremum(ops.MIN, ops.MINIMUM, x, y, axis, keepdims)


def _filled(value, size, like):
    data = jnp.full(shape_of(size), value, like.dtype if isinstance(like, dlarray) else
                    jnp.float32)
    if not isinstance(like, dlarray):
        return data
    return dlarray._make(data, like._fmt if data.ndim == like.ndim else "")


@name_value()
def zeros(*size, like=None):
    """Zeros of shape ``size`` (ints or one tuple). MATLAB's ``zeros(sz, "like", X)``: with
    ``like`` a dlarray, a dlarray of its dtype (and format, for as many dimensions); a
    constant, never traced, so safe inside accelerated functions."""
    return _filled(0, size, like)


@name_value()
def ones(*size, like=None):
    """Ones of shape ``size``; otherwise as ``zeros``."""
    return _filled(1, size, like)


def where(cond, a, b):
    """Elementwise ``a`` where ``cond`` else ``b``: the traceable replacement for ``if``."""
    return _where(cond, a, b)


def ifelse(cond, a, b):
    """``a`` if ``cond`` else ``b``: MATLAB's ``if cond, y = a; else, y = b; end`` as one
    traceable expression, checked as ``if``'s two assignments would never be.

    ``cond`` must have one element, as ``if`` needs (a ``ValueError`` otherwise). ``a`` and
    ``b`` must have the same size, data type (weak type included: a Python number's) and
    format, on every call and every trace build, whichever of them ``cond`` picks: a
    ``TypeError`` (data type) or ``ValueError`` (size, format) names the difference, where
    ``where`` would promote one to the other's type or broadcast it. So the result is exactly
    the branch ``if`` would have taken, or an error, never another value.

    Sharp edge: both ``a`` and ``b`` are computed, and the derivative of the one not picked is
    multiplied by zero; where it is inf or NaN (``sqrt(x)`` at 0, ``x * y`` with an infinite
    ``y``) the gradient is NaN, as ``where``'s. Compute such a branch on safe values
    (``sqrt(where(x > 0, x, 1))``).
    """
    size = _size(cond)
    if size != 1:
        raise ValueError(f"ifelse needs a condition of one element, as if does; this one has {size} "
                         f"(shape {tuple(_data(cond).shape)}): reduce it with any(...) or all(...)")
    left, right = _aval(a), _aval(b)
    if left.dtype != right.dtype or left.weak_type != right.weak_type:
        raise TypeError(f"ifelse's branches differ in data type ({_typename(left)} and {_typename(right)}); "
                        "where(cond, a, b) would promote them to one: convert one, e.g. single(b)")
    if left.shape != right.shape or dims(a) != dims(b):
        raise ValueError(f"ifelse's branches differ in size or format ({left.shape} \"{dims(a)}\" and "
                         f"{right.shape} \"{dims(b)}\"); where(cond, a, b) would broadcast them")
    if _data(cond).ndim:
        cond = reshape(cond, ()) if isinstance(cond, dlarray) else jnp.reshape(cond, ())
    return _where(cond, a, b)


def _data(x):
    return x._data if isinstance(x, dlarray) else jnp.asarray(x)


def _size(x):
    return int(np.prod(_data(x).shape, dtype=np.int64))


def _aval(x):
    return jax.typeof(_data(x))


def _typename(aval):
    return ("weak " if aval.weak_type else "") + aval.dtype.name
