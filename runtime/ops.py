"""The array primitives behind dlarray arithmetic and the runtime's functions, with their formats.

Each helper here takes dlarrays (or plain arrays and scalars), derives the result's format
(``formats``) and runs one primitive through ``dlarray.apply``. When no operand is a dlarray
the helpers return a plain JAX array, as MATLAB returns a numeric array for numeric input:
such values are constants to ``dlfeval`` and ``dlaccelerate``.
"""

import operator

import jax
import jax.numpy as jnp
import numpy as np

from . import formats
from .dlarray import apply, dlarray
from .primitive import Primitive


def _fmt(x):
    return x._fmt if isinstance(x, dlarray) else ""


def _ndim(x):
    if isinstance(x, dlarray):
        return x._data.ndim
    return 0 if type(x) in (int, float, bool) else np.ndim(x)


# --- elementwise --------------------------------------------------------------------------
ADD = Primitive("add", jnp.add)
SUB = Primitive("sub", jnp.subtract)
MUL = Primitive("mul", jnp.multiply)
DIV = Primitive("div", jnp.divide)
POW = Primitive("pow", jnp.power)
LT = Primitive("lt", jnp.less, differentiable=False)
LE = Primitive("le", jnp.less_equal, differentiable=False)
GT = Primitive("gt", jnp.greater, differentiable=False)
GE = Primitive("ge", jnp.greater_equal, differentiable=False)
EQ = Primitive("eq", jnp.equal, differentiable=False)
NE = Primitive("ne", jnp.not_equal, differentiable=False)
AND = Primitive("and", jnp.logical_and, differentiable=False)
OR = Primitive("or", jnp.logical_or, differentiable=False)
NOT = Primitive("not", jnp.logical_not, differentiable=False)
NEG = Primitive("neg", jnp.negative)
ABS = Primitive("abs", jnp.abs)
EXP = Primitive("exp", jnp.exp)
LOG = Primitive("log", jnp.log)
SQRT = Primitive("sqrt", jnp.sqrt)
TANH = Primitive("tanh", jnp.tanh)
SIGMOID = Primitive("sigmoid", jax.nn.sigmoid)
ATAN = Primitive("atan", jnp.arctan)
SIN = Primitive("sin", jnp.sin)
COS = Primitive("cos", jnp.cos)
# jax.nn.relu's derivative is 0 at 0 (jnp.maximum(x, 0) would give 0.5), as MATLAB's relu.
RELU = Primitive("relu", jax.nn.relu)
WHERE = Primitive("where", jnp.where)
MAXIMUM = Primitive("maximum", jnp.maximum)
MINIMUM = Primitive("minimum", jnp.minimum)


def unary(prim, x):
    if not isinstance(x, dlarray):
        return prim.eager(x)
    return apply(prim, (x,), {}, x._fmt)


def binary(prim, a, b):
    if not isinstance(a, dlarray) and not isinstance(b, dlarray):
        return prim.eager(a, b)
    fmt = formats.broadcast(_fmt(a), _fmt(b), max(_ndim(a), _ndim(b)))
    return apply(prim, (a, b), {}, fmt)


def where(cond, a, b):
    args = (cond, a, b)
    if not any(isinstance(v, dlarray) for v in args):
        return WHERE.eager(*args)
    ndim = max(_ndim(v) for v in args)
    fmt = formats.broadcast(formats.broadcast(_fmt(a), _fmt(b), ndim), _fmt(cond), ndim)
    return apply(WHERE, args, {}, fmt)


# --- reductions and shapes ----------------------------------------------------------------
def _reduction(name, fn):
    def impl(x, *, axis, keepdims):
        return fn(x, axis=axis, keepdims=keepdims)
    return Primitive(name, impl, static=("axis", "keepdims"))


SUM = _reduction("sum", jnp.sum)
MEAN = _reduction("mean", jnp.mean)
MAX = _reduction("max", jnp.max)
MIN = _reduction("min", jnp.min)


def reduce(prim, x, axis, keepdims):
    """Reduce over ``axis`` (None: all; int; tuple; or labels such as ``"S"``)."""
    if not isinstance(x, dlarray):
        x = jnp.asarray(x)
        return prim.eager(x, axis=formats.axes_of("", x.ndim, axis), keepdims=keepdims)
    axes = formats.axes_of(x._fmt, x._data.ndim, axis)
    fmt = formats.reduce(x._fmt, axes, keepdims)
    return apply(prim, (x,), {"axis": axes, "keepdims": keepdims}, fmt)


def _reshape_impl(x, *, shape):
    return jnp.reshape(x, shape)


def _transpose_impl(x, *, axes):
    return jnp.transpose(x, axes)


def _astype_impl(x, *, dtype):
    return x.astype(dtype)


RESHAPE = Primitive("reshape", _reshape_impl, static=("shape",))
TRANSPOSE = Primitive("transpose", _transpose_impl, static=("axes",))
ASTYPE = Primitive("astype", _astype_impl, static=("dtype",))
MATMUL = Primitive("matmul", jnp.matmul)


def reshape(x, *shape):
    """Reshape to ``shape`` (ints, or one tuple; one entry may be -1).

    The format is kept when the number of dimensions is unchanged, else dropped.
    """
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    shape = tuple(operator.index(n) for n in shape)
    fmt = _fmt(x) if len(shape) == _ndim(x) else ""
    return apply(RESHAPE, (x,), {"shape": shape}, fmt)


def transpose(x, axes):
    """Permute dimensions; the result is unformatted (the caller relabels it)."""
    return apply(TRANSPOSE, (x,), {"axes": tuple(axes)}, "")


def astype(x, dtype):
    return apply(ASTYPE, (x,), {"dtype": np.dtype(dtype)}, x._fmt)


def matmul(a, b):
    """Matrix product; the result is unformatted."""
    return apply(MATMUL, (a, b), {}, "")


# --- indexing -----------------------------------------------------------------------------
def _getitem_impl(x, *arrays, template):
    index = []
    for item in template:
        kind = item[0]
        if kind == "int":
            index.append(item[1])
        elif kind == "slice":
            index.append(slice(*item[1:]))
        elif kind == "ellipsis":
            index.append(Ellipsis)
        elif kind == "newaxis":
            index.append(None)
        else:
            index.append(arrays[item[1]])
    return x[tuple(index)]


GETITEM = Primitive("getitem", _getitem_impl, static=("template",))


def _bound(value):
    return None if value is None else operator.index(value)


def getitem(x, index):
    """``x[index]`` with basic (ints, slices, ``...``, ``None``) or array indices.

    Slices keep a dimension's label, integers drop it; see ``formats.index``.
    """
    items = index if isinstance(index, tuple) else (index,)
    template, arrays = [], []
    for item in items:
        if isinstance(item, slice):
            template.append(("slice", _bound(item.start), _bound(item.stop), _bound(item.step)))
        elif item is Ellipsis:
            template.append(("ellipsis",))
        elif item is None:
            template.append(("newaxis",))
        elif isinstance(item, (int, np.integer)) and not isinstance(item, (bool, np.bool_)):
            template.append(("int", int(item)))
        else:
            template.append(("array", len(arrays)))
            arrays.append(item)
    template = tuple(template)
    return apply(GETITEM, (x, *arrays), {"template": template}, formats.index(x._fmt, template))
