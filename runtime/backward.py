"""Custom layers with a ``backward`` method: MATLAB's hand-written derivative, used by
``dlgradient``.

MATLAB lets a custom layer define ``[dLdX, dLdW] = backward(layer, X, Y, dLdY, memory)``; the
software then differentiates the layer with it instead of automatically. Ignoring it would give
other gradients with no error (a straight-through estimator would get zero gradients, for one),
so a layer class that defines ``backward`` has its ``predict`` and ``forward`` run as one
primitive whose derivative is ``jax.custom_vjp`` calling that method:

- ``backward(self, *X, Y, dLdY, memory)`` is called positionally with the layer (its
  learnables as dlarrays), the inputs, the output and its derivative as dlarrays formatted like
  the values they stand for.
- It returns the derivatives with respect to the inputs and then to each learnable in
  ``learnable_names`` order, as MATLAB's outputs; one value alone needs no tuple.

Difference from MATLAB: ``memory`` is always ``None`` (this runtime has no ``memory`` output
of ``forward``), and a layer with ``backward`` has one output and no state.

The layer's Python code runs on every eager call (the primitive is not jitted eagerly), and
inside a cached trace once, as any layer's.
"""

import functools

import jax

from .dlarray import apply, dlarray
from .primitive import Primitive
from .state import STATE


def defines_backward(cls):
    """Whether ``cls`` or a base below the runtime's ``Layer`` defines ``backward``."""
    return any("backward" in vars(base) for base in cls.__mro__
               if base.__module__.rpartition(".")[0] != __package__)


def wrap(cls, base_forward):
    """Route ``cls``'s ``predict`` and its own ``forward`` (not ``base_forward``, which calls
    ``predict``) through the custom-derivative primitive."""
    if cls.state_names:
        raise TypeError(f"{cls.__name__} defines backward and has state {cls.state_names}; "
                        "a layer with a custom backward must be stateless")
    for name in ("predict", "forward"):
        method = getattr(cls, name)
        if name == "forward" and method is base_forward:
            continue
        if callable(method) and not getattr(method, "_custom_backward", False):
            setattr(cls, name, _routed(method))


def _routed(method):
    @functools.wraps(method)
    def run(layer, *xs):
        leaves = jax.tree_util.tree_leaves((layer, xs), is_leaf=_is_dlarray)
        data = [jax.numpy.asarray(x._data if isinstance(x, dlarray) else x) for x in leaves]
        structure = jax.tree_util.tree_structure((layer, xs))
        fmt = _output_format(method, structure, tuple((d.shape, d.dtype) for d in data))
        return apply(CUSTOM, leaves, {"method": method, "tree": structure, "fmt": fmt}, fmt)
    run._custom_backward = True
    return run


def _is_dlarray(x):
    return isinstance(x, dlarray)


class _Untraced:
    """Runs the layer's own code with no trace active in this thread (its operations belong to
    the one primitive, never to the tape or a recording)."""

    def __enter__(self):
        self.saved = STATE.tape, STATE.recording
        STATE.tape = STATE.recording = None

    def __exit__(self, *exc):
        STATE.tape, STATE.recording = self.saved


def _call(method, tree, arrays):
    layer, xs = jax.tree_util.tree_unflatten(tree, arrays)
    with _Untraced():
        y = method(layer, *xs)
    if not isinstance(y, dlarray):
        raise TypeError(f"{method.__qualname__} of a layer with backward must return one dlarray, "
                        f"got {type(y).__name__}")
    return layer, xs, y


@functools.lru_cache(maxsize=256)
def _output_format(method, tree, avals):
    found = []

    def probe(*arrays):
        y = _call(method, tree, arrays)[2]
        found.append(y._fmt)
        return y._data

    jax.eval_shape(probe, *(jax.ShapeDtypeStruct(s, d) for s, d in avals))
    return found[0]


def _custom_impl(*arrays, method, tree, fmt):
    @jax.custom_vjp
    def layer_output(*arrays):
        return _call(method, tree, arrays)[2]._data

    def forward(*arrays):
        y = layer_output(*arrays)
        return y, (arrays, y)

    def backward(residuals, cotangent):
        arrays, y = residuals
        layer, xs = jax.tree_util.tree_unflatten(tree, arrays)
        with _Untraced():
            grads = layer.backward(*xs, dlarray._make(y, fmt), dlarray._make(cotangent, fmt), None)
        return _cotangents(layer, xs, grads, arrays, tree)

    layer_output.defvjp(forward, backward)
    return layer_output(*arrays)


def _cotangents(layer, xs, grads, arrays, tree):
    names = type(layer).learnable_names
    expected = len(xs) + len(names)
    grads = grads if isinstance(grads, tuple) else (grads,)
    if len(grads) != expected:
        raise ValueError(f"{type(layer).__name__}.backward returned {len(grads)} values; it must "
                         f"return the derivatives with respect to its {len(xs)} input(s) and then "
                         f"its learnables {names}, as MATLAB's [dLdX, dLdW] = backward(layer, X, "
                         "Y, dLdY, memory)")
    by_name = dict(zip(names, grads[len(xs):]))
    learnables = {n: by_name[n] for n in names}
    structure = (layer.replace(**learnables), tuple(grads[:len(xs)]))
    leaves = jax.tree_util.tree_leaves(structure, is_leaf=_is_dlarray)
    cotangents = [g._data if isinstance(g, dlarray) else jax.numpy.asarray(g) for g in leaves]
    return tuple(c.astype(a.dtype).reshape(a.shape) for c, a in zip(cotangents, arrays))


# Not jitted eagerly (``eager=``): the layer's Python code runs on every eager call.
CUSTOM = Primitive("custom_backward", _custom_impl, static=("method", "tree", "fmt"),
                   eager=_custom_impl)
