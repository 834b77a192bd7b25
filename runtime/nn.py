"""Deep-learning operations in MATLAB's data layout: ``fullyconnect``, ``dlconv``, ``softmax``,
``crossentropy``.

Each is one primitive (one fused XLA call when run eagerly). Data layout follows MATLAB:
images are ``"SSCB"`` (height, width, channel, batch), fully connected weights are
``(outputs, inputs)`` and convolution weights ``(height, width, in_channels, filters)``.
"""

import jax
import jax.numpy as jnp

from .dlarray import apply, dlarray
from .primitive import Primitive


def _require_format(x, name, labels=""):
    if not isinstance(x, dlarray) or not x._fmt:
        raise ValueError(f"{name} needs a formatted dlarray input (e.g. dlarray(X, 'SSCB')); "
                         "label the dimensions of the input first")
    for label in labels:
        if label not in x._fmt:
            raise ValueError(f"{name} needs a {label!r} dimension, but the input format is "
                             f"{x._fmt!r}")


def _fc_impl(x, weights, bias, *, batch_axis):
    if batch_axis is None:
        return weights @ x.reshape(-1) + bias.reshape(-1)
    columns = jnp.moveaxis(x, batch_axis, -1).reshape(-1, x.shape[batch_axis])
    return weights @ columns + bias.reshape(-1, 1)


FULLYCONNECT = Primitive("fullyconnect", _fc_impl, static=("batch_axis",))


def fullyconnect(x, weights, bias):
    """``weights @ features + bias`` per observation; ``"CB"`` output (``"C"`` without a batch).

    Every dimension of ``x`` except ``B`` is flattened into features (so an ``"SSCB"`` image
    batch works directly). Time series (``T``) are not supported.
    """
    _require_format(x, "fullyconnect")
    if "T" in x._fmt:
        raise ValueError("fullyconnect does not support a 'T' dimension in this runtime; "
                         "reshape the sequence into observations first")
    batch_axis = x._fmt.index("B") if "B" in x._fmt else None
    return apply(FULLYCONNECT, (x, weights, bias), {"batch_axis": batch_axis},
                 "C" if batch_axis is None else "CB")


def _conv_impl(x, weights, bias, *, stride, padding):
    y = jax.lax.conv_general_dilated(x, weights, stride, padding,
                                     dimension_numbers=("HWCN", "HWIO", "HWCN"))
    return y + bias.reshape(1, 1, -1, 1)


CONV = Primitive("dlconv", _conv_impl, static=("stride", "padding"))


def _pair(value, name):
    pair = (value, value) if isinstance(value, int) else tuple(value)
    if len(pair) != 2 or not all(isinstance(v, int) and v >= 0 for v in pair):
        raise ValueError(f"{name} must be a non-negative int or a pair of them, got {value!r}")
    return pair


def _padding(padding):
    """Normalise ``padding`` (``"same"``, an int, or a pair) for ``dlconv``."""
    if isinstance(padding, str):
        if padding.lower() != "same":
            raise ValueError(f"padding must be 'same', an int or a pair, got {padding!r}")
        return "SAME"
    return tuple((p, p) for p in _pair(padding, "padding"))


def dlconv(x, weights, bias, stride=1, padding=0):
    """2-D convolution of an ``"SSCB"`` batch; ``padding`` is ``"same"``, an int or a pair."""
    _require_format(x, "dlconv")
    if x._fmt != "SSCB":
        raise ValueError(f"dlconv needs an 'SSCB' input, got format {x._fmt!r}")
    params = {"stride": _pair(stride, "stride"), "padding": _padding(padding)}
    return apply(CONV, (x, weights, bias), params, "SSCB")


def _softmax_impl(x, *, axis):
    return jax.nn.softmax(x, axis=axis)


SOFTMAX = Primitive("softmax", _softmax_impl, static=("axis",))


def softmax(x):
    """Softmax over the channel (``C``) dimension; the format is kept."""
    _require_format(x, "softmax", "C")
    return apply(SOFTMAX, (x,), {"axis": x._fmt.index("C")}, x._fmt)


def _crossentropy_impl(y, targets, *, observations):
    tiny = jnp.finfo(y.dtype).tiny
    return -jnp.sum(targets * jnp.log(jnp.maximum(y, tiny))) / observations


CROSSENTROPY = Primitive("crossentropy", _crossentropy_impl, static=("observations",))


def crossentropy(y, targets):
    """Categorical cross-entropy of probabilities ``y`` against ``targets``, averaged over the
    batch (``B``) dimension, as MATLAB's default ``"batch-size"`` normalisation. Scalar result."""
    _require_format(y, "crossentropy", "C")
    if tuple(y.shape) != tuple(targets.shape):
        raise ValueError(f"crossentropy: targets have shape {tuple(targets.shape)} but the "
                         f"predictions have shape {tuple(y.shape)}")
    observations = y.shape[y._fmt.index("B")] if "B" in y._fmt else 1
    return apply(CROSSENTROPY, (y, targets), {"observations": observations}, "")
