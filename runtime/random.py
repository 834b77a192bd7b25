"""``rand``, ``randn``, ``randi`` and ``rng``: the runtime's random numbers, and how acceleration
sees them.

All draws come from one process-wide stream: a base key (``rng(seed)`` resets it) folded with
a counter that every draw, and every call of an accelerated function, advances. What happens
to a draw depends on where it is made, exactly as with MATLAB's ``dlaccelerate``:

- ``rand(..., like=x)`` with ``x`` traced by the trace being built is recorded as a draw from
  the *call's* key: each replay is given a fresh counter, so it draws new numbers every call.
- Any other draw (no ``like``, or ``like`` an untraced value) made while a trace is built runs
  once; its numbers are baked into the trace as a constant (hazard ACC1).

Sharp edge: sizes follow NumPy, not MATLAB: ``rand(3)`` has shape ``(3,)``, not 3-by-3.
"""

import itertools
import operator
import threading

import jax
import jax.numpy as jnp

from . import hazards
from .dlarray import apply, dlarray
from .options import name_value
from .primitive import Primitive
from .state import STATE

_lock = threading.Lock()
_base = jax.random.key(0)
_counter = itertools.count()


def rng(seed):
    """Reset the runtime's random stream to ``seed`` (an int), as MATLAB's ``rng(seed)``."""
    global _base, _counter
    with _lock:
        _base = jax.random.key(operator.index(seed))
        _counter = itertools.count()


def stream():
    """The current base key and a fresh counter value (each call returns a new counter)."""
    return _base, next(_counter) % (1 << 32)


def _draw_impl(base, counter, *, index, kind, shape, dtype, bounds):
    key = jax.random.fold_in(jax.random.fold_in(base, counter), index)
    if kind == "rand":
        return jax.random.uniform(key, shape, dtype)
    if kind == "randi":
        return jax.random.randint(key, shape, bounds[0], bounds[1] + 1).astype(dtype)
    return jax.random.normal(key, shape, dtype)


DRAW = Primitive("draw", _draw_impl, static=("index", "kind", "shape", "dtype", "bounds"),
                 differentiable=False)


def shape_of(size):
    """A shape from MATLAB-style size arguments: ints, or one tuple (``rand(size(x))``)."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    text = [n for n in size if isinstance(n, str)]
    if text:
        raise TypeError(f"a size must be ints, got {text[0]!r}: MATLAB's type names (\"single\", "
                        "\"double\") are spelled like=x or single(...) here, and its options "
                        "are name-value pairs such as \"like\", x")
    return tuple(operator.index(n) for n in size)


def _draw(kind, size, like, bounds=None):
    shape = shape_of(size)
    is_dl = isinstance(like, dlarray)
    dtype = like.dtype if is_dl and jnp.issubdtype(like.dtype, jnp.floating) else jnp.float32
    fmt = like._fmt if is_dl and len(shape) == like.ndim else ""
    params = {"kind": kind, "shape": shape, "dtype": jnp.dtype(dtype), "bounds": bounds}
    recording = STATE.recording
    if is_dl and recording is not None and like._rec is not None and like._rec[0] is recording:
        base, counter = recording.stream()
        return apply(DRAW, (base, counter), {"index": recording.next_draw(), **params}, fmt)
    hazards.unkeyed_draw(kind)
    data = DRAW.eager(*stream(), index=0, **params)
    return dlarray._make(data, fmt) if is_dl else data


@name_value()
def rand(*size, like=None):
    """Uniform numbers in [0, 1) of shape ``size`` (ints, or one tuple such as ``size(x)``).

    With ``like`` a dlarray the result is a dlarray of its dtype (and its format, when the
    number of dimensions matches); otherwise a plain float32 JAX array. Inside an accelerated
    function only ``like=`` a traced value gives fresh numbers on every call.
    """
    return _draw("rand", size, like)


@name_value()
def randn(*size, like=None):
    """Standard normal numbers; otherwise exactly as ``rand``."""
    return _draw("randn", size, like)


@name_value()
def randi(imax, *size, like=None):
    """Uniform random integers, MATLAB's ``randi``: from 1 to ``imax``, or from ``lo`` to ``hi``
    (inclusive) with ``imax=(lo, hi)``. These are values, not indices, so they keep MATLAB's
    1-based range; subtract 1 to index with them. Stored as floats (the ``like`` dtype, else
    float32), as MATLAB's ``randi(..., "like", X)``; otherwise exactly as ``rand``.
    """
    lo, hi = (1, imax) if isinstance(imax, int) else tuple(imax)
    if hi < lo:
        raise ValueError(f"randi: empty range {lo}..{hi}")
    return _draw("randi", size, like, (operator.index(lo), operator.index(hi)))
