"""Layers: the ``Layer`` base, the ``Acceleratable`` mixin and the built-in layers.

A layer is a JAX pytree: the attributes named in ``learnable_names`` and ``state_names`` are
its children (dlarrays, or ``None`` until initialised); every other attribute is static
configuration that becomes part of a trace key, so it must be hashable (numbers, strings,
tuples). Layers are treated as values: networks and optimisers build new layer objects rather
than mutating the ones you hold.

Contract for subclasses (as MATLAB's ``nnet.layer.Layer``):

- ``predict(self, X)`` computes the output for inference; ``forward(self, X)`` for training
  (defaults to ``predict``). A layer with ``state_names`` returns ``(Y, new_state)`` where
  ``new_state`` maps each state name to its new value.
- ``initialize(self, X)`` allocates learnables from an example input, if they are ``None``.

``Acceleratable``: mixing it into a layer class (at any depth of inheritance) caches that
class's ``predict``/``forward`` exactly as ``dlaccelerate`` does. The layer object is an input
of the trace, so its learnables are traced and its configuration is part of the key; one
cache serves all instances of the class.
"""

import math

import jax
import jax.numpy as jnp

from . import functions, nn
from .accelerate import AcceleratedFunction
from .dlarray import dlarray
from .random import rand


class Layer:
    """Base class of layers; see the module docstring for the contract."""

    learnable_names = ()
    state_names = ()

    def __init__(self, name=""):
        self.name = name

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        jax.tree_util.register_pytree_node(cls, _flatten_layer, _unflattener(cls))

    def initialize(self, x):
        """Allocate learnables from the example input ``x`` (no-op by default)."""

    def predict(self, x):
        raise NotImplementedError(f"{type(self).__name__} must define predict(self, X)")

    def forward(self, x):
        return self.predict(x)

    @property
    def learnables(self):
        return {n: getattr(self, n) for n in self.learnable_names}

    @property
    def state(self):
        return {n: getattr(self, n) for n in self.state_names}

    def replace(self, **values):
        """A copy of this layer with some attributes replaced (learnables, state, ...)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__.update(values)
        return new

    def __repr__(self):
        return f"{type(self).__name__}(name={self.name!r})"


def _flatten_layer(layer):
    names = layer.learnable_names + layer.state_names
    children = tuple(getattr(layer, n, None) for n in names)
    config = tuple(sorted((k, v) for k, v in layer.__dict__.items() if k not in names))
    return children, config


def _unflattener(cls):
    def unflatten(config, children):
        layer = object.__new__(cls)
        layer.__dict__.update(config)
        layer.__dict__.update(zip(cls.learnable_names + cls.state_names, children))
        return layer
    return unflatten


class Acceleratable:
    """Mixin: cache the ``predict``/``forward`` of a custom ``Layer`` like ``dlaccelerate``."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if not issubclass(cls, Layer):
            raise TypeError(f"{cls.__name__} inherits Acceleratable but not Layer; "
                            "Acceleratable is for custom layers: class L(Layer, Acceleratable)")
        for name in ("predict", "forward"):
            method = cls.__dict__.get(name)
            if method is not None and not isinstance(method, AcceleratedFunction):
                setattr(cls, name, AcceleratedFunction(method))


def _glorot(shape, fan_in, fan_out):
    limit = math.sqrt(6.0 / (fan_in + fan_out))
    return dlarray((rand(shape) * 2.0 - 1.0) * limit)


class FullyConnectedLayer(Layer):
    """``fullyconnect`` with ``output_size`` outputs; Glorot-initialised weights, zero bias."""

    learnable_names = ("weights", "bias")

    def __init__(self, output_size, name=""):
        super().__init__(name)
        self.output_size = int(output_size)
        self.weights = None
        self.bias = None

    def initialize(self, x):
        if self.weights is None:
            features = math.prod(n for n, label in zip(x.shape, x.fmt) if label != "B")
            self.weights = _glorot((self.output_size, features), features, self.output_size)
        if self.bias is None:
            self.bias = dlarray(jnp.zeros((self.output_size,), jnp.float32))

    def predict(self, x):
        return nn.fullyconnect(x, self.weights, self.bias)


class Convolution2DLayer(Layer):
    """``dlconv`` with ``num_filters`` filters of ``filter_size`` (int or pair) on ``"SSCB"``."""

    learnable_names = ("weights", "bias")

    def __init__(self, filter_size, num_filters, stride=1, padding=0, name=""):
        super().__init__(name)
        self.filter_size = tuple(nn._pair(filter_size, "filter_size"))
        self.num_filters = int(num_filters)
        self.stride = tuple(nn._pair(stride, "stride"))
        self.padding = padding if isinstance(padding, (str, int)) else tuple(padding)
        self.weights = None
        self.bias = None

    def initialize(self, x):
        if self.weights is None:
            channels = x.shape[x.fmt.index("C")]
            h, w = self.filter_size
            self.weights = _glorot((h, w, channels, self.num_filters), h * w * channels,
                                   h * w * self.num_filters)
        if self.bias is None:
            self.bias = dlarray(jnp.zeros((self.num_filters,), jnp.float32))

    def predict(self, x):
        return nn.dlconv(x, self.weights, self.bias, self.stride, self.padding)


class ReLULayer(Layer):
    """``relu``."""

    def predict(self, x):
        return functions.relu(x)


class SoftmaxLayer(Layer):
    """``softmax`` over the channel dimension."""

    def predict(self, x):
        return nn.softmax(x)
