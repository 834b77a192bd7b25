"""The array primitives behind dlarray arithmetic and the runtime's functions.

Each primitive here is a pure function of JAX arrays (see ``primitive``); this module knows
nothing of dlarrays or formats. ``dlarray`` runs these primitives through ``apply`` and derives
the result's format (its helpers ``unary``, ``binary``, ``reduce``, ``getitem``, ...), so the
dependency goes one way: ``dlarray`` imports ``ops``, never the reverse.
"""

import jax
import jax.numpy as jnp

from .primitive import Primitive


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
# MATLAB's round: halves away from zero (jnp.round rounds them to even).
ROUND = Primitive("round", lambda x: jnp.sign(x) * jnp.floor(jnp.abs(x) + 0.5))
MAXIMUM = Primitive("maximum", jnp.maximum)
MINIMUM = Primitive("minimum", jnp.minimum)

# --- reductions and shapes ----------------------------------------------------------------
def reduction(name, fn):
    def impl(x, *, axis, keepdims):
        return fn(x, axis=axis, keepdims=keepdims)
    return Primitive(name, impl, static=("axis", "keepdims"))


SUM = reduction("sum", jnp.sum)
MEAN = reduction("mean", jnp.mean)
MAX = reduction("max", jnp.max)
MIN = reduction("min", jnp.min)



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



# --- indexing -----------------------------------------------------------------------------
def _getitem_impl(x, *arrays, template):
    """``x[index]`` rebuilt from the static ``template``; with array indices the gather fills
    out-of-range positions (NaN for floating data) instead of clamping them, so an index that a
    replay computes past the end can never silently read a neighbour."""
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
            array = arrays[item[1]]
            index.append(array.astype(jnp.int32) if jnp.issubdtype(array.dtype, jnp.floating)
                         else array)
    if arrays:
        return x.at[tuple(index)].get(mode="fill")
    return x[tuple(index)]


GETITEM = Primitive("getitem", _getitem_impl, static=("template",))

