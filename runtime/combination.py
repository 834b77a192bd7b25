"""Layers with several inputs, for residual and branching networks: ``AdditionLayer``,
``ConcatenationLayer``, ``DepthConcatenationLayer``, and the ``cat`` function behind them.

Their inputs are named ``in1``, ``in2``, ... (MATLAB's ``InputNames``); connect them with
``connectLayers(graph, "relu_2", "add/in2")`` (see ``graph``).
"""

import jax.numpy as jnp

from .dlarray import apply, dlarray
from .layers import Layer
from .options import name_value
from .primitive import Primitive


def _cat_impl(*xs, axis):
    return jnp.concatenate(xs, axis=axis)


CAT = Primitive("cat", _cat_impl, static=("axis",))


def _axis(dim, fmt):
    if isinstance(dim, str):
        if len(dim) != 1 or fmt.count(dim) != 1:
            raise ValueError(f"cat: dimension label {dim!r} must name exactly one dimension of "
                             f"format {fmt!r}")
        return fmt.index(dim)
    return int(dim)


def cat(dim, *xs):
    """MATLAB's ``cat(dim, A, B, ...)``: ``dim`` is a 0-based axis (MATLAB's ``dim - 1``) or a
    label such as ``"C"``. All formatted inputs must share one format, which is kept."""
    fmts = {x.fmt for x in xs if isinstance(x, dlarray) and x.fmt}
    if len(fmts) > 1:
        raise ValueError(f"cat: inputs have different formats {sorted(fmts)}")
    fmt = fmts.pop() if fmts else ""
    return apply(CAT, xs, {"axis": _axis(dim, fmt)}, fmt)


def _num_inputs(n):
    n = int(n)
    if n < 2:
        raise ValueError(f"num_inputs must be at least 2, got {n}")
    return n


class AdditionLayer(Layer):
    """MATLAB's ``additionLayer(numInputs)``: the elementwise sum of its inputs."""

    @name_value()
    def __init__(self, num_inputs=2, name=""):
        super().__init__(name)
        self.num_inputs = _num_inputs(num_inputs)

    def predict(self, *xs):
        total = xs[0]
        for x in xs[1:]:
            total = total + x
        return total


class ConcatenationLayer(Layer):
    """MATLAB's ``concatenationLayer(dim, numInputs)``; ``dim`` 0-based or a label (``"C"``)."""

    @name_value()
    def __init__(self, dim, num_inputs=2, name=""):
        super().__init__(name)
        self.dim = dim if isinstance(dim, str) else int(dim)
        self.num_inputs = _num_inputs(num_inputs)

    def predict(self, *xs):
        return cat(self.dim, *xs)


class DepthConcatenationLayer(ConcatenationLayer):
    """MATLAB's ``depthConcatenationLayer(numInputs)``: concatenation along channels."""

    @name_value()
    def __init__(self, num_inputs=2, name=""):
        super().__init__("C", num_inputs, name)
