"""Deep-learning operations in MATLAB's data layout: ``fullyconnect``, ``dlconv``, ``softmax``,
``leakyrelu``, ``gelu``, ``dropout``, ``embed`` and flattening.

Each is one primitive (one fused XLA call when run eagerly). Data layout follows MATLAB:
images are ``"SSCB"`` (height, width, channel, batch), fully connected weights are
``(outputs, inputs)`` and convolution weights ``(height, width, in_channels, filters)``.
"""

import math

import jax
import jax.numpy as jnp

from . import random
from .dlarray import apply, dlarray
from .options import choice, name_value
from .primitive import Primitive


def require_format(x, name, labels=""):
    """A ``ValueError`` naming ``name`` unless ``x`` is a formatted dlarray with ``labels``."""
    if not isinstance(x, dlarray) or not x._fmt:
        raise ValueError(f"{name} needs a formatted dlarray input (e.g. dlarray(X, 'SSCB')); "
                         "label the dimensions of the input first")
    for label in labels:
        if label not in x._fmt:
            raise ValueError(f"{name} needs a {label!r} dimension, but the input format is "
                             f"{x._fmt!r}")


def _fc_impl(x, weights, bias, *, batch_axes):
    kept = tuple(x.shape[a] for a in batch_axes)
    columns = jnp.moveaxis(x, batch_axes, tuple(range(-len(batch_axes), 0)))
    columns = columns.reshape(-1, math.prod(kept)) if batch_axes else columns.reshape(-1, 1)
    y = weights @ columns + bias.reshape(-1, 1)
    return y.reshape((weights.shape[0],) + kept)


FULLYCONNECT = Primitive("fullyconnect", _fc_impl, static=("batch_axes",))


@name_value(unsupported=("DataFormat", "WeightsFormat"))
def fullyconnect(x, weights, bias):
    """``weights @ features + bias`` per observation and time step.

    Every dimension of ``x`` except ``B`` and ``T`` is flattened into features (so an
    ``"SSCB"`` image batch works directly, in the data's order); the output is ``"C"``
    followed by the ``B`` and ``T`` labels of ``x`` (``"CB"``, ``"CBT"``), as MATLAB's, which
    applies the operation independently at each time step.
    """
    require_format(x, "fullyconnect")
    batch_axes = tuple(i for i, label in enumerate(x._fmt) if label in "BT")
    fmt = "C" + "".join(x._fmt[a] for a in batch_axes)
    return apply(FULLYCONNECT, (x, weights, bias), {"batch_axes": batch_axes}, fmt)


def _conv_impl(x, weights, bias, *, stride, padding):
    y = jax.lax.conv_general_dilated(x, weights, stride, padding,
                                     dimension_numbers=("HWCN", "HWIO", "HWCN"))
    return y + bias.reshape(1, 1, -1, 1)


CONV = Primitive("dlconv", _conv_impl, static=("stride", "padding"))
# MATLAB's name-value options of dlconv and dltranspconv that this runtime does not implement.
_CONV_OPTIONS = ("DilationFactor", "WeightsFormat", "DataFormat")


def pair(value, name):
    """``value`` as a pair of non-negative ints (an int is used for both)."""
    pair = (value, value) if isinstance(value, int) else tuple(value)
    if len(pair) != 2 or not all(isinstance(v, int) and v >= 0 for v in pair):
        raise ValueError(f"{name} must be a non-negative int or a pair of them, got {value!r}")
    return pair


def check_window(x, window, padding, who):
    """A ``ValueError`` when a ``window`` (pair) is larger than the padded spatial size of the
    ``"SSCB"`` input ``x``: XLA would silently return an empty array, MATLAB errors."""
    if isinstance(padding, str):  # "SAME": the output is never empty
        return
    for axis, (size, extent, (low, high)) in enumerate(zip(x.shape[:2], window, padding)):
        if extent > size + low + high:
            raise ValueError(f"{who}: the window of size {tuple(window)} is larger than the input "
                             f"(spatial size {tuple(x.shape[:2])}, padding {low + high} in "
                             f"dimension {axis}); use a smaller window, or padding")


def _padding(padding):
    """Normalise ``padding`` (``"same"``, an int, or a pair) for ``dlconv``."""
    if isinstance(padding, str):
        choice(padding, ("same",), "padding (or an int, or a pair)")
        return "SAME"
    return tuple((p, p) for p in pair(padding, "padding"))


@name_value(unsupported=_CONV_OPTIONS + ("PaddingValue",))
def dlconv(x, weights, bias, stride=1, padding=0):
    """2-D convolution of an ``"SSCB"`` batch; ``padding`` is ``"same"``, an int or a pair."""
    require_format(x, "dlconv")
    if x._fmt != "SSCB":
        raise ValueError(f"dlconv needs an 'SSCB' input, got format {x._fmt!r}")
    params = {"stride": pair(stride, "stride"), "padding": _padding(padding)}
    check_window(x, tuple(weights.shape[:2]), params["padding"], "dlconv")
    return apply(CONV, (x, weights, bias), params, "SSCB")


def _transpconv_impl(x, weights, bias, *, stride, cropping):
    """The transpose of ``dlconv`` (its derivative with respect to its input), as MATLAB
    defines ``dltranspconv``, then cropped and biased."""
    height, width = ((n - 1) * s + f for n, s, f in zip(x.shape[:2], stride, weights.shape[:2]))
    blank = jnp.zeros((height, width, weights.shape[2], x.shape[3]), x.dtype)

    def conv(z):
        return jax.lax.conv_general_dilated(z, weights, stride, "VALID",
                                            dimension_numbers=("HWCN", "HWIO", "HWCN"))

    y = jax.vjp(conv, blank)[1](x)[0]
    (top, bottom), (left, right) = cropping
    y = y[top:height - bottom, left:width - right]
    return y + bias.reshape(1, 1, -1, 1)


TRANSPCONV = Primitive("dltranspconv", _transpconv_impl, static=("stride", "cropping"))


@name_value(unsupported=_CONV_OPTIONS)
def dltranspconv(x, weights, bias, stride=1, cropping=0):
    """MATLAB's transposed 2-D convolution of an ``"SSCB"`` batch: ``weights`` is
    ``(height, width, num_filters, num_channels)`` (MATLAB's layout: filters are the output
    channels), ``bias`` one per filter; the output size is ``(input - 1) * stride + filter -
    2 * cropping`` (``cropping`` an int or a pair, trimmed from both sides)."""
    require_format(x, "dltranspconv")
    if x._fmt != "SSCB":
        raise ValueError(f"dltranspconv needs an 'SSCB' input, got format {x._fmt!r}")
    if weights.shape[3] != x.shape[2]:
        raise ValueError(f"dltranspconv: weights {tuple(weights.shape)} need the input's "
                         f"{x.shape[2]} channels in their fourth dimension")
    crop = pair(cropping, "cropping")
    params = {"stride": pair(stride, "stride"), "cropping": tuple((c, c) for c in crop)}
    return apply(TRANSPCONV, (x, weights, bias), params, "SSCB")


def _softmax_impl(x, *, axis):
    return jax.nn.softmax(x, axis=axis)


SOFTMAX = Primitive("softmax", _softmax_impl, static=("axis",))


@name_value(unsupported=("DataFormat",))
def softmax(x):
    """Softmax over the channel (``C``) dimension; the format is kept."""
    require_format(x, "softmax", "C")
    return apply(SOFTMAX, (x,), {"axis": x._fmt.index("C")}, x._fmt)


def _leakyrelu_impl(x, *, scale):
    return jnp.where(x > 0, x, scale * x)


LEAKYRELU = Primitive("leakyrelu", _leakyrelu_impl, static=("scale",))


@name_value(unsupported=("DataFormat",))
def leakyrelu(x, scale=0.01):
    """``x`` where positive, else ``scale * x`` (MATLAB's default scale 0.01)."""
    return apply(LEAKYRELU, (x,), {"scale": float(scale)}, x._fmt)


def gelu_approximation(approximation):
    return choice(approximation, ("none", "tanh"), "approximation")


def _gelu_impl(x, *, approximate):
    return jax.nn.gelu(x, approximate=approximate)


GELU = Primitive("gelu", _gelu_impl, static=("approximate",))


@name_value(unsupported=("DataFormat",))
def gelu(x, approximation="none"):
    """Gaussian error linear unit; ``approximation="none"`` is the exact erf form (MATLAB's
    default), ``"tanh"`` the tanh approximation."""
    approximate = gelu_approximation(approximation) == "tanh"
    return apply(GELU, (x,), {"approximate": approximate}, x._fmt)


def dropout_probability(probability):
    probability = float(probability)
    if not 0.0 <= probability < 1.0:
        raise ValueError(f"dropout probability must be in [0, 1), got {probability}")
    return probability


def dropout(x, probability=0.5):
    """Zero each element with ``probability`` and scale the rest by ``1/(1-probability)``.

    MATLAB has no dropout function for dlarrays (only ``dropoutLayer``); this is the layer's
    training-mode operation. The mask is drawn ``rand(size(x), like=x)``, so a cached trace
    draws a fresh mask on every call when ``x`` is traced.
    """
    probability = dropout_probability(probability)
    if probability == 0.0:
        return x
    keep = random.rand(x.shape, like=x) >= probability
    return x * keep * (1.0 / (1.0 - probability))


def flatten(x):
    """``"S..SC"`` dimensions folded into one ``C`` dimension, ``B``/``T`` kept (data order)."""
    require_format(x, "flatten")
    if "U" in x._fmt:
        raise ValueError(f"flatten does not know where a 'U' dimension belongs (format "
                         f"{x._fmt!r}); relabel it first")
    features = math.prod(n for n, label in zip(x.shape, x._fmt) if label in "SC")
    others = [(n, label) for n, label in zip(x.shape, x._fmt) if label in "BT"]
    shape = (features,) + tuple(n for n, _ in others)
    flat = dlarray._make(x._data, "", x._grad, x._rec).reshape(shape)
    return dlarray._make(flat._data, "C" + "".join(label for _, label in others),
                         flat._grad, flat._rec)


def _embed_impl(indices, weights):
    return jnp.take(weights, indices[0].astype(jnp.int32), axis=1)


EMBED = Primitive("embed", _embed_impl)


@name_value(unsupported=("DataFormat", "WeightsFormat"))
def embed(x, weights):
    """Vectors ``weights[:, index]`` for the 0-based indices in ``x`` (a ``C`` dimension of size
    1); the result has ``C`` of size ``weights.shape[0]`` (MATLAB's ``embed``, 1-based there)."""
    require_format(x, "embed", "C")
    if x._fmt[0] != "C" or x.shape[0] != 1:
        raise ValueError(f"embed needs indices in a 'C' dimension of size 1 (e.g. 'CBT'), got "
                         f"format {x._fmt!r} with shape {tuple(x.shape)}")
    return apply(EMBED, (x, weights), {}, x._fmt)
