"""Pooling over the two spatial dimensions of ``"SSCB"`` data: ``maxpool``, ``avgpool`` and
their layers, and global average pooling.

As MATLAB's ``maxpool``/``avgpool`` and ``maxPooling2dLayer``/``averagePooling2dLayer``:
``stride`` defaults to 1 and ``padding`` to 0; ``padding`` is an int, a pair, or ``"same"``
(output size ``ceil(input / stride)``). Padded elements never win a max, and count as zeros in
an average (MATLAB's default ``PaddingValue`` 0).
"""

import jax
import jax.numpy as jnp

from .dlarray import apply, dlarray
from .options import choice, name_value
from .layers import Layer
from .nn import check_window, pair
from .primitive import Primitive


def _window(x, pool_size, stride, padding, init, reducer):
    window = pool_size + (1, 1)
    strides = stride + (1, 1)
    pads = padding if isinstance(padding, str) else padding + ((0, 0), (0, 0))
    return jax.lax.reduce_window(x, init, reducer, window, strides, pads)


def _maxpool_impl(x, *, pool_size, stride, padding):
    return _window(x, pool_size, stride, padding, -jnp.inf, jax.lax.max)


def _avgpool_impl(x, *, pool_size, stride, padding):
    total = _window(x, pool_size, stride, padding, 0.0, jax.lax.add)
    return total / (pool_size[0] * pool_size[1])


_STATIC = ("pool_size", "stride", "padding")
MAXPOOL = Primitive("maxpool", _maxpool_impl, static=_STATIC)
AVGPOOL = Primitive("avgpool", _avgpool_impl, static=_STATIC)


def _params(pool_size, stride, padding):
    if isinstance(padding, str):
        choice(padding, ("same",), "padding (or an int, or a pair)")
        pads = "SAME"
    else:
        pads = tuple((p, p) for p in pair(padding, "padding"))
    return {"pool_size": pair(pool_size, "pool_size"), "stride": pair(stride, "stride"),
            "padding": pads}


def _pool(prim, x, pool_size, stride, padding, who):
    if not isinstance(x, dlarray) or x.fmt != "SSCB":
        raise ValueError(f"{who} needs an 'SSCB' dlarray, got format {getattr(x, 'fmt', '')!r}")
    params = _params(pool_size, stride, padding)
    check_window(x, params["pool_size"], params["padding"], who)
    return apply(prim, (x,), params, x.fmt)


@name_value(unsupported=("DataFormat", "PaddingValue"))
def maxpool(x, pool_size, stride=1, padding=0):
    """Maximum over ``pool_size`` windows of an ``"SSCB"`` batch."""
    return _pool(MAXPOOL, x, pool_size, stride, padding, "maxpool")


@name_value(unsupported=("DataFormat", "PaddingValue"))
def avgpool(x, pool_size, stride=1, padding=0):
    """Average over ``pool_size`` windows of an ``"SSCB"`` batch (padding counts as zeros)."""
    return _pool(AVGPOOL, x, pool_size, stride, padding, "avgpool")


class _Pooling2DLayer(Layer):
    @name_value(unsupported=("PaddingValue",))
    def __init__(self, pool_size, stride=1, padding=0, name=""):
        super().__init__(name)
        _params(pool_size, stride, padding)  # validate now, not at the first call
        self.pool_size = pair(pool_size, "pool_size")
        self.stride = pair(stride, "stride")
        self.padding = padding if isinstance(padding, (str, int)) else tuple(padding)


class MaxPooling2DLayer(_Pooling2DLayer):
    """MATLAB's ``maxPooling2dLayer(pool_size, Stride=1, Padding=0)``."""

    def predict(self, x):
        return maxpool(x, self.pool_size, self.stride, self.padding)


class AveragePooling2DLayer(_Pooling2DLayer):
    """MATLAB's ``averagePooling2dLayer(pool_size, Stride=1, Padding=0)``."""

    def predict(self, x):
        return avgpool(x, self.pool_size, self.stride, self.padding)


class GlobalAveragePooling2DLayer(Layer):
    """MATLAB's ``globalAveragePooling2dLayer``: the mean over both spatial dimensions; the
    output keeps them with size 1 (``1 x 1 x C x B``, still ``"SSCB"``), as MATLAB's."""

    def predict(self, x):
        if not isinstance(x, dlarray) or x.fmt != "SSCB":
            raise ValueError("GlobalAveragePooling2DLayer needs an 'SSCB' input, got format "
                             f"{getattr(x, 'fmt', '')!r}")
        return x.mean(axis="S", keepdims=True)
