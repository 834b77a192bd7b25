"""``dlarray``: a JAX array with MATLAB dimension labels, and ``apply``, the one dispatch point.

A dlarray holds four things: the data (a JAX array, or a tracer while a replay is compiled),
its format (see ``formats``), and two optional trace handles: ``_grad`` (its node in the
derivative trace of a running ``dlfeval``) and ``_rec`` (its slot in a trace being built by
``dlaccelerate``). Every operation on dlarrays goes through ``apply``, which runs the
primitive eagerly and, when a trace is active in this thread, records it there. A dlarray is a
JAX pytree (its data is the only child, its format the auxiliary data), so it can pass
through ``jax.jit``, ``jax.tree_util`` and friends.

Sharp edges, all as in MATLAB:

- A truth test (``if x > 0``), ``float(x)``, ``int(x)``, ``x.item()``, ``x.tolist()`` and
  ``numpy.asarray(x)`` read the concrete value. While ``dlaccelerate`` builds a trace that value
  is baked into the trace, and inside ``dlfeval`` the result carries no derivative; the hazard
  recorder (``hazards``) reports each such use.
- JAX functions (``jnp.sin(x)``) do not accept dlarrays; use the runtime's functions, or
  ``extractdata`` knowing that the result leaves the trace.
- dlarrays are immutable: there is no item assignment.
"""

import jax
import numpy as np

from . import formats
from .state import STATE


class dlarray:
    """A JAX array labelled with a dimension format such as ``"SSCB"``.

    ``dlarray(data, fmt="")``: ``data`` is anything ``jax.numpy.asarray`` accepts, or a
    dlarray (relabelled, keeping its trace). ``fmt`` must have one label per dimension; labels
    are sorted into MATLAB's canonical order ``S C B T U``, permuting the data to match.
    Raises ``ValueError`` for an unknown label, a repeated ``C``/``B``/``T``, or a length that
    does not match the data's number of dimensions.
    """

    __slots__ = ("_data", "_fmt", "_grad", "_rec")
    __array_priority__ = 1000  # numpy defers `ndarray + dlarray` to dlarray.__radd__

    def __init__(self, data, fmt=""):
        if isinstance(data, dlarray):
            source = data
            data = source._data
        else:
            source = None
            data = jax.numpy.asarray(data)
        fmt, perm = formats.canonical(fmt, data.ndim)
        if source is not None and perm is not None:
            source = _ops.transpose(source, perm)
        elif source is None and perm is not None:
            data = jax.numpy.transpose(data, perm)
        if source is not None:
            if not fmt:
                fmt = source._fmt
            self._data, self._grad, self._rec = source._data, source._grad, source._rec
        else:
            self._data, self._grad, self._rec = data, None, None
        self._fmt = fmt

    @classmethod
    def _make(cls, data, fmt, grad=None, rec=None):
        """Internal constructor: no validation, no conversion."""
        new = object.__new__(cls)
        new._data, new._fmt, new._grad, new._rec = data, fmt, grad, rec
        return new

    # --- static views: never hazards -------------------------------------------------------
    @property
    def shape(self):
        return self._data.shape

    @property
    def ndim(self):
        return self._data.ndim

    @property
    def dtype(self):
        return self._data.dtype

    @property
    def size(self):
        """Number of elements (NumPy's meaning; MATLAB's ``size`` is the function ``size``)."""
        return self._data.size

    @property
    def fmt(self):
        return self._fmt

    def __len__(self):
        if not self._data.ndim:
            raise TypeError("len() of a 0-dimensional dlarray")
        return self._data.shape[0]

    def __repr__(self):
        label = f", fmt={self._fmt!r}" if self._fmt else ""
        traced = " (traced)" if self._grad is not None or self._rec is not None else ""
        return f"dlarray({self._data!r}{label}){traced}"

    # --- concrete reads: hazards when the value is traced ----------------------------------
    def __bool__(self):
        _hazards.truth_test(self)
        return bool(self._data)

    def __float__(self):
        _hazards.host_conversion(self, "float()")
        return float(self._data)

    def __int__(self):
        _hazards.host_conversion(self, "int()")
        return int(self._data)

    def __complex__(self):
        _hazards.host_conversion(self, "complex()")
        return complex(self._data)

    def __index__(self):
        _hazards.host_conversion(self, "use as an index")
        return self._data.__index__()

    def item(self):
        _hazards.host_conversion(self, ".item()")
        return self._data.item()

    def tolist(self):
        _hazards.host_conversion(self, ".tolist()")
        return self._data.tolist()

    def __array__(self, dtype=None, copy=None):
        _hazards.host_conversion(self, "numpy conversion")
        return np.asarray(self._data, dtype=dtype)

    # --- operations (formats derived in ops) ------------------------------------------------
    def __add__(self, other): return _ops.binary(_ops.ADD, self, other)
    def __radd__(self, other): return _ops.binary(_ops.ADD, other, self)
    def __sub__(self, other): return _ops.binary(_ops.SUB, self, other)
    def __rsub__(self, other): return _ops.binary(_ops.SUB, other, self)
    def __mul__(self, other): return _ops.binary(_ops.MUL, self, other)
    def __rmul__(self, other): return _ops.binary(_ops.MUL, other, self)
    def __truediv__(self, other): return _ops.binary(_ops.DIV, self, other)
    def __rtruediv__(self, other): return _ops.binary(_ops.DIV, other, self)
    def __pow__(self, other): return _ops.binary(_ops.POW, self, other)
    def __rpow__(self, other): return _ops.binary(_ops.POW, other, self)
    def __matmul__(self, other): return _ops.matmul(self, other)
    def __rmatmul__(self, other): return _ops.matmul(other, self)
    def __lt__(self, other): return _ops.binary(_ops.LT, self, other)
    def __le__(self, other): return _ops.binary(_ops.LE, self, other)
    def __gt__(self, other): return _ops.binary(_ops.GT, self, other)
    def __ge__(self, other): return _ops.binary(_ops.GE, self, other)
    def __eq__(self, other): return _ops.binary(_ops.EQ, self, other)
    def __ne__(self, other): return _ops.binary(_ops.NE, self, other)
    def __and__(self, other): return _ops.binary(_ops.AND, self, other)
    def __rand__(self, other): return _ops.binary(_ops.AND, other, self)
    def __or__(self, other): return _ops.binary(_ops.OR, self, other)
    def __ror__(self, other): return _ops.binary(_ops.OR, other, self)
    def __neg__(self): return _ops.unary(_ops.NEG, self)
    def __pos__(self): return self
    def __abs__(self): return _ops.unary(_ops.ABS, self)
    def __invert__(self): return _ops.unary(_ops.NOT, self)
    def __getitem__(self, index): return _ops.getitem(self, index)

    __hash__ = None  # `==` is elementwise, so dlarrays cannot be dict keys

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def sum(self, axis=None, keepdims=False):
        return _ops.reduce(_ops.SUM, self, axis, keepdims)

    def mean(self, axis=None, keepdims=False):
        return _ops.reduce(_ops.MEAN, self, axis, keepdims)

    def reshape(self, *shape):
        return _ops.reshape(self, *shape)

    def astype(self, dtype):
        return _ops.astype(self, dtype)


def apply(prim, args, params, fmt):
    """Run ``prim`` on ``args`` and return the result as dlarray(s) formatted ``fmt``.

    ``args`` may mix dlarrays, JAX/NumPy arrays and Python scalars; ``params`` is a dict of
    static keyword parameters. For a primitive with multiple results ``fmt`` is a sequence of
    formats and a tuple is returned. The operation is recorded in the running ``dlaccelerate``
    trace build and the running ``dlfeval`` derivative trace of this thread, if an operand is
    traced there.
    """
    data = [a._data if isinstance(a, dlarray) else a for a in args]
    out = prim.eager(*data, **params)
    state = STATE
    recording, tape = state.recording, state.tape
    multiple = prim.multiple_results
    recs = grads = None
    if recording is not None:
        recs = recording.record(prim, args, params, len(out) if multiple else 0)
    if tape is not None and prim.differentiable:
        grads = tape.record(prim, args, params, out)
    if not multiple:
        return dlarray._make(out, fmt, grads[0] if grads else None, recs[0] if recs else None)
    return tuple(
        dlarray._make(o, f, grads[i] if grads else None, recs[i] if recs else None)
        for i, (o, f) in enumerate(zip(out, fmt))
    )


def _flatten(x):
    return (x._data,), x._fmt


def _unflatten(fmt, children):
    return dlarray._make(children[0], fmt)


jax.tree_util.register_pytree_node(dlarray, _flatten, _unflatten)

# Imported last: both modules use the class defined above.
from . import hazards as _hazards  # noqa: E402
from . import ops as _ops  # noqa: E402
