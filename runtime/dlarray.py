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
- JAX functions (``jnp.sin(x)``) do not accept dlarrays: jax.numpy's are a ``TypeError``
  naming the runtime's twin and ``extractdata`` (see ``__jax_array__``); use the runtime's
  functions, or ``extractdata`` knowing that the result leaves the trace. A dlarray is not
  iterable, so Python's built-in ``sum``/``max``/``min``/``any``/``all`` cannot silently walk
  its first dimension (the message names MATLAB's functions); ``abs`` and ``round`` are
  MATLAB's. NumPy's elementwise functions that
  have a runtime twin (``np.sin(x)``, ``np.add``, ...) run as that twin, keeping the trace;
  every other NumPy function (``np.sum(x)``, ``np.sort(x)``) is a ``TypeError`` that names the
  runtime's function, instead of silently reading the values.
- Data is floating point or logical, as MATLAB's dlarray (single, double, logical): an integer
  array is a ``TypeError``; Python numbers and lists become the default float type, as
  MATLAB's literals are doubles. The default float type is JAX's: float32 unless
  ``jax_enable_x64`` is on (then float64 data stays float64, and the two are different trace
  keys); MATLAB's default is double.
- Indexing is 0-based and checked, as MATLAB's: an integer or integer-array (or integral
  float array, as MATLAB's doubles) index past the end
  is an ``IndexError`` naming the index and the size, and so is a slice bound past the end
  (JAX would clamp it and return a neighbour). A logical mask selects its true elements; a mask
  computed from a value traced by a trace being built is an error, since the result's size
  would depend on values. dlarrays are immutable: there is no item assignment.
"""

import operator
import sys

import jax
import jax.numpy as jnp
import numpy as np

from . import formats, hazards, ops
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
            data = _as_data(data)
        fmt, perm = formats.canonical(fmt, data.ndim)
        if source is not None and perm is not None:
            source = transpose(source, perm)
        elif source is None and perm is not None:
            data = jnp.transpose(data, perm)
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
        hazards.truth_test(self)
        return bool(self._data)

    def __float__(self):
        hazards.host_conversion(self, "float()")
        return float(self._data)

    def __int__(self):
        hazards.host_conversion(self, "int()")
        return int(self._data)

    def __complex__(self):
        hazards.host_conversion(self, "complex()")
        return complex(self._data)

    def __index__(self):
        hazards.host_conversion(self, "use as an index")
        return self._data.__index__()

    def item(self):
        hazards.host_conversion(self, ".item()")
        return self._data.item()

    def tolist(self):
        hazards.host_conversion(self, ".tolist()")
        return self._data.tolist()

    def __array__(self, dtype=None, copy=None):
        hazards.host_conversion(self, "numpy conversion")
        return np.asarray(self._data, dtype=dtype)

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """NumPy's elementwise functions: the ones with a runtime twin run as it (traced);
        others are a ``TypeError`` (they would read the values and drop the trace)."""
        prim = _UFUNCS.get(ufunc) if method == "__call__" and not kwargs else None
        if ufunc is np.matmul and method == "__call__" and not kwargs:
            return matmul(*inputs)
        if prim is None:
            raise TypeError(_numpy_message(f"numpy.{ufunc.__name__}"
                                           + ("" if method == "__call__" else f".{method}")))
        return unary(prim, *inputs) if len(inputs) == 1 else binary(prim, *inputs)

    def __array_function__(self, func, types, args, kwargs):
        """NumPy's array functions (``np.sum``, ``np.concatenate``, ...) are a ``TypeError``,
        except the static views ``np.shape``, ``np.ndim`` and ``np.size``."""
        if func in (np.shape, np.ndim, np.size):
            return func(jax.ShapeDtypeStruct(self.shape, self.dtype), *args[1:], **kwargs)
        raise TypeError(_numpy_message(f"numpy.{func.__name__}"))

    # --- operations (formats derived in ops) ------------------------------------------------
    def __add__(self, other): return binary(ops.ADD, self, other)
    def __radd__(self, other): return binary(ops.ADD, other, self)
    def __sub__(self, other): return binary(ops.SUB, self, other)
    def __rsub__(self, other): return binary(ops.SUB, other, self)
    def __mul__(self, other): return binary(ops.MUL, self, other)
    def __rmul__(self, other): return binary(ops.MUL, other, self)
    def __truediv__(self, other): return binary(ops.DIV, self, other)
    def __rtruediv__(self, other): return binary(ops.DIV, other, self)
    def __pow__(self, other): return binary(ops.POW, self, other)
    def __rpow__(self, other): return binary(ops.POW, other, self)
    def __matmul__(self, other): return matmul(self, other)
    def __rmatmul__(self, other): return matmul(other, self)
    def __lt__(self, other): return binary(ops.LT, self, other)
    def __le__(self, other): return binary(ops.LE, self, other)
    def __gt__(self, other): return binary(ops.GT, self, other)
    def __ge__(self, other): return binary(ops.GE, self, other)
    def __eq__(self, other): return binary(ops.EQ, self, other)
    def __ne__(self, other): return binary(ops.NE, self, other)
    def __and__(self, other): return binary(ops.AND, self, other)
    def __rand__(self, other): return binary(ops.AND, other, self)
    def __or__(self, other): return binary(ops.OR, self, other)
    def __ror__(self, other): return binary(ops.OR, other, self)
    def __neg__(self): return unary(ops.NEG, self)
    def __pos__(self): return self
    def __abs__(self): return unary(ops.ABS, self)
    def __invert__(self): return unary(ops.NOT, self)
    def __getitem__(self, index): return getitem(self, index)

    __hash__ = None  # `==` is elementwise, so dlarrays cannot be dict keys

    def __iter__(self):
        """Refused: Python's built-ins that loop (``sum``, ``max``, ``min``, ``any``, ``all``,
        ``list``, unpacking) would walk the first dimension slice by slice, so MATLAB's
        ``sum(X, 3)`` written with the built-in would silently return a wrong array."""
        raise TypeError(_ITERATION_MESSAGE)

    def __round__(self, ndigits=None):
        """``round(x)``: MATLAB's round (halves away from zero), elementwise; ``round(x, n)``
        is MATLAB's ``round(X, N)``, to ``n`` decimal digits."""
        if ndigits is None:
            return unary(ops.ROUND, self)
        scale = 10.0 ** operator.index(ndigits)
        return unary(ops.ROUND, self * scale) / scale

    @property
    def __jax_array__(self):
        """JAX's conversion protocol, here to refuse JAX functions with a message.

        JAX's own array operators (``jnp_array + x``) read this attribute first; for them it
        is absent, so they return ``NotImplemented`` and Python calls dlarray's reflected
        operator, which keeps the traces. Any other reader (``jnp.sin(x)``, ``jnp.asarray``,
        ``jax.lax`` functions) gets a ``TypeError`` naming the runtime's twin and
        ``extractdata``, instead of JAX's generic "requires ndarray or scalar arguments".
        """
        if sys._getframe(1).f_globals.get("__name__") == _JAX_OPERATORS:
            raise AttributeError("__jax_array__")
        raise TypeError(_jax_message(_jax_function_name()))

    def __reduce__(self):
        """Pickling and ``copy.deepcopy`` keep data and format; trace handles are dropped."""
        return dlarray._make, (self._data, self._fmt)

    def sum(self, axis=None, keepdims=False):
        return reduce(ops.SUM, self, axis, keepdims)

    def mean(self, axis=None, keepdims=False):
        return reduce(ops.MEAN, self, axis, keepdims)

    def reshape(self, *shape):
        return reshape(self, *shape)

    def astype(self, dtype):
        return astype(self, dtype)


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


def _as_data(data):
    """``data`` as a JAX array of a dtype MATLAB's dlarray allows (see the module docstring)."""
    if isinstance(data, (bool, int, float, complex, list, tuple)):
        kind = np.asarray(data).dtype.kind
        return jnp.asarray(data, None if kind in "bfc" else jnp.result_type(float))
    data = jnp.asarray(data)
    check_dtype(data.dtype, "dlarray data")
    return data


def check_dtype(dtype, what):
    """A ``TypeError`` unless ``dtype`` is floating point, complex or bool (MATLAB's single,
    double and logical)."""
    if np.dtype(dtype).kind not in "bfc":
        raise TypeError(f"{what} must be floating point or logical, as MATLAB's dlarray (single, "
                        f"double or logical), got {np.dtype(dtype).name}; convert it first, "
                        "e.g. X.astype(np.float32) (indices too: embed takes them as floats)")


def _numpy_message(name):
    return (f"{name} does not take dlarrays: it would read the values on the host and drop "
            "every trace (dlfeval's and dlaccelerate's); use the runtime's function of the "
            "same MATLAB name, or extractdata(x) knowing that the result is a constant")


_ITERATION_MESSAGE = (
    "a dlarray is not iterable: Python's built-in sum, max, min, any and all (and list(), "
    "for-loops, unpacking) would walk its first dimension slice by slice. MATLAB's sum(X, dim), "
    "max, min, any and all are the runtime's functions, which Python's built-ins hide: import "
    "them by name (from acclint.runtime import sum, max) or call rt.sum(x, dim - 1) after "
    "import acclint.runtime as rt; dimensions are 0-based, so MATLAB's sum(X, 3) is "
    "sum(x, 2), or sum(x, \"C\") by label. To loop over the first dimension, index it: "
    "x[i] for i in range(size(x, 0))")

# The module of JAX's array operators (``jax.Array.__add__``), which defer to dlarray's.
_JAX_OPERATORS = type(jnp.zeros(())).__add__.__module__


def _jax_function_name():
    """The name of the jax.numpy function that was given a dlarray, only to word the message:
    the ``fun_name`` of JAX's argument check on the stack, else the outermost public function
    of a ``jax._src.numpy`` module before the caller's code; None if neither is found."""
    frame, outermost = sys._getframe(2), None
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        if not module.startswith("jax"):
            if outermost is not None:
                break
        elif isinstance(frame.f_locals.get("fun_name"), str):
            return frame.f_locals["fun_name"]
        elif module.startswith("jax._src.numpy") and not frame.f_code.co_name.startswith("_"):
            outermost = frame.f_code.co_name
        frame = frame.f_back
    return outermost


def _jax_message(name):
    twin = name is not None and _runtime_twin(name)
    what = f"jax.numpy.{name}" if name else "a JAX function"
    instead = (f"use the runtime's {name} (acclint.runtime.{name}), which keeps them"
               if twin else "use the runtime's function of the same MATLAB name, which keeps "
               "them")
    return (f"{what} does not take dlarrays: it would drop every trace (dlfeval's derivative "
            f"and dlaccelerate's); {instead}, or extractdata(x) to pass the data to JAX, "
            "knowing that the result carries no derivative and is a constant to dlaccelerate")


def _runtime_twin(name):
    package = sys.modules.get(__package__)
    return callable(getattr(package, name, None))


_UFUNCS = {
    np.add: ops.ADD, np.subtract: ops.SUB, np.multiply: ops.MUL, np.true_divide: ops.DIV,
    np.power: ops.POW, np.less: ops.LT, np.less_equal: ops.LE, np.greater: ops.GT,
    np.greater_equal: ops.GE, np.equal: ops.EQ, np.not_equal: ops.NE,
    np.logical_and: ops.AND, np.logical_or: ops.OR, np.logical_not: ops.NOT,
    np.negative: ops.NEG, np.absolute: ops.ABS, np.exp: ops.EXP, np.log: ops.LOG,
    np.sqrt: ops.SQRT, np.tanh: ops.TANH, np.arctan: ops.ATAN, np.sin: ops.SIN,
    np.cos: ops.COS, np.maximum: ops.MAXIMUM, np.minimum: ops.MINIMUM,
}


# --- dispatch helpers: derive the result's format, run the primitive ----------------------

def _fmt(x):
    return x._fmt if isinstance(x, dlarray) else ""


def _ndim(x):
    if isinstance(x, dlarray):
        return x._data.ndim
    return 0 if type(x) in (int, float, bool) else np.ndim(x)


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
        return ops.WHERE.eager(*args)
    ndim = max(_ndim(v) for v in args)
    fmt = formats.broadcast(formats.broadcast(_fmt(a), _fmt(b), ndim), _fmt(cond), ndim)
    return apply(ops.WHERE, args, {}, fmt)


def reduce(prim, x, axis, keepdims):
    """Reduce over ``axis`` (None: all; int; tuple; or labels such as ``"S"``)."""
    if not isinstance(x, dlarray):
        x = jnp.asarray(x)
        return prim.eager(x, axis=formats.axes_of("", x.ndim, axis), keepdims=keepdims)
    axes = formats.axes_of(x._fmt, x._data.ndim, axis)
    fmt = formats.reduce(x._fmt, axes, keepdims)
    return apply(prim, (x,), {"axis": axes, "keepdims": keepdims}, fmt)


def reshape(x, *shape):
    """Reshape to ``shape`` (ints, or one tuple; one entry may be -1).

    The format is kept when the number of dimensions is unchanged, else dropped.
    """
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    shape = tuple(operator.index(n) for n in shape)
    fmt = _fmt(x) if len(shape) == _ndim(x) else ""
    return apply(ops.RESHAPE, (x,), {"shape": shape}, fmt)


def transpose(x, axes):
    """Permute dimensions; the result is unformatted (the caller relabels it)."""
    return apply(ops.TRANSPOSE, (x,), {"axes": tuple(axes)}, "")


def astype(x, dtype):
    check_dtype(dtype, "astype's type")
    return apply(ops.ASTYPE, (x,), {"dtype": np.dtype(dtype)}, x._fmt)


def matmul(a, b):
    """Matrix product; the result is unformatted."""
    return apply(ops.MATMUL, (a, b), {}, "")


def _checked_bound(value, size, axis, shape):
    """A slice bound as an int, an ``IndexError`` if it lies past either end (JAX clamps)."""
    if value is None:
        return None
    value = operator.index(value)
    if not -size <= value <= size:
        raise IndexError(f"slice bound {value} is out of range for dimension {axis} of size "
                         f"{size} (the dlarray has size {shape}); MATLAB's x(a:b) errors past "
                         "the end, and indices are 0-based here: x(a:b) is x[a - 1:b]")
    return value


def _checked_int(value, size, axis, shape):
    if not -size <= value < size:
        raise IndexError(f"index {value} is out of bounds for dimension {axis} of size {size} "
                         f"(the dlarray has size {shape}); indices are 0-based here: MATLAB's "
                         "x(k) is x[k - 1], and x(end) is x[-1]")
    return value


def _index_array(item, axis, shape):
    """An array index as ``(arrays, dims)``: integer indices checked against the size of
    ``axis`` when their values are known; a logical mask turned into the integer indices of
    its true elements (one array per dimension it covers)."""
    recorded = isinstance(item, dlarray) and item._rec is not None and (
        item._rec[0] is STATE.recording)
    data = item._data if isinstance(item, dlarray) else item
    if isinstance(data, jax.core.Tracer):
        recorded = True
    kind = (data.dtype if hasattr(data, "dtype") else np.asarray(data).dtype).kind
    if kind == "b":
        if recorded:
            raise IndexError("logical-mask indexing inside an accelerated function: the result's "
                             "size depends on the mask's values, which a cached trace cannot "
                             "replay; use where(mask, x, 0) (and sum), or index outside it")
        mask = np.asarray(data)
        covered = shape[axis:axis + mask.ndim]
        if mask.shape != covered:
            raise IndexError(f"logical mask of size {mask.shape} does not match dimensions "
                             f"{axis}..{axis + mask.ndim - 1} of size {covered} (the dlarray "
                             f"has size {shape})")
        return [jnp.asarray(i) for i in np.nonzero(mask)], mask.ndim
    if kind not in "iuf":
        raise IndexError("an index must hold 0-based integers (or integral floats, as MATLAB's "
                         f"doubles) or be a logical mask, got an array of kind {kind!r}")
    if not recorded:
        values = np.asarray(data)
        fractional = values != np.round(values) if kind == "f" else np.zeros(values.shape, bool)
        if fractional.any():
            raise IndexError(f"index {values[fractional].flat[0]} is not an integer; indices "
                             "are 0-based integers")
        size = shape[axis] if axis < len(shape) else 0
        bad = (values < -size) | (values >= size)
        if bad.any():
            _checked_int(int(values[bad].flat[0]), size, axis, shape)
    return [item if isinstance(item, dlarray) else jnp.asarray(data)], 1


def getitem(x, index):
    """``x[index]`` with ints, slices, ``...``, ``None``, integer arrays or a logical mask,
    every index checked against the size (see the module docstring).

    Slices keep a dimension's label, integers drop it; see ``formats.index``.
    """
    items = index if isinstance(index, tuple) else (index,)
    shape = tuple(x._data.shape)
    consumed = sum(np.ndim(item._data if isinstance(item, dlarray) else item)
                   if _is_mask(item) else 1
                   for item in items if item is not None and item is not Ellipsis)
    if consumed > len(shape):
        raise IndexError(f"too many indices: {consumed} for a dlarray of {len(shape)} dimensions "
                         f"(size {shape})")
    template, arrays, axis = [], [], 0
    for item in items:
        if item is Ellipsis:
            template.append(("ellipsis",))
            axis += len(shape) - consumed
        elif item is None:
            template.append(("newaxis",))
        elif isinstance(item, slice):
            size = shape[axis]
            template.append(("slice", _checked_bound(item.start, size, axis, shape),
                             _checked_bound(item.stop, size, axis, shape),
                             None if item.step is None else operator.index(item.step)))
            axis += 1
        elif isinstance(item, (int, np.integer)) and not isinstance(item, (bool, np.bool_)):
            template.append(("int", _checked_int(int(item), shape[axis], axis, shape)))
            axis += 1
        else:
            found, width = _index_array(item, axis, shape)
            for array in found:
                template.append(("array", len(arrays)))
                arrays.append(array)
            axis += width
    template = tuple(template)
    return apply(ops.GETITEM, (x, *arrays), {"template": template},
                 formats.index(x._fmt, template))


def _is_mask(item):
    data = item._data if isinstance(item, dlarray) else item
    if isinstance(data, (bool, np.bool_)):
        return True
    return hasattr(data, "dtype") and np.dtype(data.dtype).kind == "b"
