"""MATLAB's array functions beyond ``functions``: more reductions (``prod``, ``var``, ``std``,
``any``, ``all``), cumulative sums and products, ``sort``, rearrangements (``permute``,
``squeeze``, ``repmat``, ``flip``, ``circshift``), ``pagemtimes`` and the static views
``numel``/``ndims``.

Dimensions are 0-based (``axis``), or labels such as ``"C"``, as everywhere in this runtime.
Where MATLAB's default depends on the data, it is kept: ``cumsum``/``cumprod``/``sort`` work
along the first dimension whose size is not 1, and ``var``/``std`` normalise by ``N - 1``
(``w=1``: by ``N``). As ``sum``, a reduction with no ``axis`` reduces everything.
"""

import jax.numpy as jnp

from . import formats, ops
from .dlarray import apply, dlarray, reduce, transpose
from .options import choice
from .primitive import Primitive

PROD = ops.reduction("prod", jnp.prod)
ANY = Primitive("any", lambda x, *, axis, keepdims: jnp.any(x, axis=axis, keepdims=keepdims),
                static=("axis", "keepdims"), differentiable=False)
ALL = Primitive("all", lambda x, *, axis, keepdims: jnp.all(x, axis=axis, keepdims=keepdims),
                static=("axis", "keepdims"), differentiable=False)


def _var_impl(x, *, axis, keepdims, ddof):
    return jnp.var(x, axis=axis, keepdims=keepdims, ddof=ddof)


VAR = Primitive("var", _var_impl, static=("axis", "keepdims", "ddof"))


def _fmt(x):
    return x._fmt if isinstance(x, dlarray) else ""


def _data(x):
    return x if isinstance(x, dlarray) else jnp.asarray(x)


def prod(x, axis=None, keepdims=False):
    """Product over ``axis`` (None: all; 0-based int, tuple or labels)."""
    return reduce(PROD, x, axis, keepdims)


def any(x, axis=None, keepdims=False):  # noqa: A001 (MATLAB's name)
    """Logical: some element over ``axis`` is nonzero. Not exported by ``import *``."""
    return reduce(ANY, x, axis, keepdims)


def all(x, axis=None, keepdims=False):  # noqa: A001 (MATLAB's name)
    """Logical: every element over ``axis`` is nonzero. Not exported by ``import *``."""
    return reduce(ALL, x, axis, keepdims)


def var(x, w=0, axis=None, keepdims=False):
    """Variance over ``axis``, normalised by ``N - 1`` (MATLAB's default ``w=0``) or by ``N``
    (``w=1``)."""
    if w not in (0, 1):
        raise ValueError(f"var: the weight w must be 0 (N - 1) or 1 (N), got {w!r}")
    x = _data(x)
    if not isinstance(x, dlarray):
        axes = formats.axes_of("", x.ndim, axis)
        return VAR.eager(x, axis=axes, keepdims=keepdims, ddof=1 - w)
    axes = formats.axes_of(x._fmt, x.ndim, axis)
    return apply(VAR, (x,), {"axis": axes, "keepdims": keepdims, "ddof": 1 - w},
                 formats.reduce(x._fmt, axes, keepdims))


def std(x, w=0, axis=None, keepdims=False):
    """Standard deviation: ``sqrt(var(x, w, axis))``."""
    return var(x, w, axis, keepdims) ** 0.5


def _one_axis(x, axis, who):
    """A single 0-based axis: ``axis`` (int or one label), or MATLAB's default, the first
    dimension whose size is not 1."""
    if axis is None:
        return next((a for a, n in enumerate(x.shape) if n != 1), 0)
    axes = formats.axes_of(_fmt(x), x.ndim, axis)
    if len(axes) != 1:
        raise ValueError(f"{who} works along one dimension, got {axis!r}")
    return axes[0]


def _along(name, fn):
    def impl(x, *, axis):
        return fn(x, axis=axis)
    return Primitive(name, impl, static=("axis",))


CUMSUM = _along("cumsum", jnp.cumsum)
CUMPROD = _along("cumprod", jnp.cumprod)
SORT_ASCEND = _along("sort", jnp.sort)
SORT_DESCEND = _along("sort_descend", lambda x, axis: jnp.flip(jnp.sort(x, axis=axis), axis))


def _apply_along(prim, x, axis, who):
    x = _data(x)
    params = {"axis": _one_axis(x, axis, who)}
    if not isinstance(x, dlarray):
        return prim.eager(x, **params)
    return apply(prim, (x,), params, x._fmt)


def cumsum(x, axis=None):
    """Cumulative sum along ``axis`` (default: the first dimension whose size is not 1)."""
    return _apply_along(CUMSUM, x, axis, "cumsum")


def cumprod(x, axis=None):
    """Cumulative product along ``axis`` (default as ``cumsum``)."""
    return _apply_along(CUMPROD, x, axis, "cumprod")


def sort(x, axis=None, direction="ascend"):
    """Sorted along ``axis`` (default as ``cumsum``), ``"ascend"`` or ``"descend"``; the format
    is kept.

    Difference from MATLAB: only the sorted values (MATLAB's first output), no indices."""
    direction = choice(direction, ("ascend", "descend"), "sort: direction")
    return _apply_along(SORT_ASCEND if direction == "ascend" else SORT_DESCEND, x, axis, "sort")


def permute(x, order):
    """Dimensions rearranged: dimension ``i`` of the result is ``order[i]`` of ``x``
    (0-based: MATLAB's ``permute(X, [2 1 3])`` is ``permute(x, (1, 0, 2))``).

    Difference from MATLAB: the result is unformatted, since formats keep a canonical order;
    relabel it with ``dlarray(y, fmt)``."""
    order = tuple(order)
    if sorted(order) != list(range(_data(x).ndim)):
        raise ValueError(f"permute: order {order} must list each of the {_data(x).ndim} "
                         "dimensions once (0-based)")
    x = _data(x)
    return transpose(x, order) if isinstance(x, dlarray) else jnp.transpose(x, order)


def _squeeze_impl(x, *, axes):
    return jnp.squeeze(x, axes)


SQUEEZE = Primitive("squeeze", _squeeze_impl, static=("axes",))


def squeeze(x):
    """Dimensions of size 1 removed, with their labels."""
    x = _data(x)
    axes = tuple(a for a, n in enumerate(x.shape) if n == 1)
    if not isinstance(x, dlarray):
        return SQUEEZE.eager(x, axes=axes)
    fmt = "".join(label for a, label in enumerate(x._fmt) if a not in axes)
    return apply(SQUEEZE, (x,), {"axes": axes}, fmt)


def _tile_impl(x, *, reps):
    return jnp.tile(x, reps)


TILE = Primitive("repmat", _tile_impl, static=("reps",))


def repmat(x, *reps):
    """Copies of ``x`` tiled ``reps`` times along each dimension (ints, or one tuple). The
    format is kept when the number of dimensions is."""
    reps = tuple(reps[0]) if len(reps) == 1 and isinstance(reps[0], (tuple, list)) else reps
    x = _data(x)
    if not isinstance(x, dlarray):
        return TILE.eager(x, reps=reps)
    return apply(TILE, (x,), {"reps": reps}, x._fmt if len(reps) <= x.ndim else "")


FLIP = _along("flip", jnp.flip)


def flip(x, axis=None):
    """Order of elements reversed along ``axis`` (default as ``cumsum``)."""
    return _apply_along(FLIP, x, axis, "flip")


def _roll_impl(x, *, shift, axis):
    return jnp.roll(x, shift, axis)


ROLL = Primitive("circshift", _roll_impl, static=("shift", "axis"))


def circshift(x, shift, axis=None):
    """Elements shifted circularly by ``shift`` along ``axis`` (default as ``cumsum``)."""
    x = _data(x)
    params = {"shift": int(shift), "axis": _one_axis(x, axis, "circshift")}
    if not isinstance(x, dlarray):
        return ROLL.eager(x, **params)
    return apply(ROLL, (x,), params, x._fmt)


PAGEMTIMES = Primitive("pagemtimes", lambda a, b: jnp.einsum("ij...,jk...->ik...", a, b))


def pagemtimes(a, b):
    """Matrix products of corresponding pages: ``Z[:, :, k] = X[:, :, k] @ Y[:, :, k]``, the
    first two dimensions being the matrices and the rest the pages (MATLAB's layout). The
    result is unformatted."""
    if not isinstance(a, dlarray) and not isinstance(b, dlarray):
        return PAGEMTIMES.eager(jnp.asarray(a), jnp.asarray(b))
    return apply(PAGEMTIMES, (a, b), {}, "")


def numel(x):
    """Number of elements. A static view."""
    return int(_data(x).size)


def ndims(x):
    """Number of dimensions. A static view."""
    return _data(x).ndim
