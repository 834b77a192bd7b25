"""Layers: the ``Layer`` base, the ``Acceleratable`` mixin and the simple built-in layers.

A layer is a JAX pytree: the attributes named in ``learnable_names`` and ``state_names`` are
its children (dlarrays, or ``None`` until initialised); every other attribute is static
configuration that becomes part of a trace key, so it must be hashable (numbers, strings,
tuples). Layers are treated as values: networks and optimisers build new layer objects rather
than mutating the ones you hold.

Contract for subclasses (as MATLAB's ``nnet.layer.Layer``):

- ``predict(self, *X)`` computes the output for inference; ``forward(self, *X)`` for training
  (defaults to ``predict``). A layer with ``state_names`` returns ``(Y, new_state)`` where
  ``new_state`` maps each state name to its new value. A layer with several inputs sets
  ``num_inputs`` (its inputs are named ``in1``, ``in2``, ... as in MATLAB).
- ``initialize(self, *X)`` allocates learnables from example inputs, if they are ``None``.
- ``backward(self, *X, Y, dLdY, memory)`` (optional) gives the derivatives by hand; when it is
  defined ``dlgradient`` uses it (see ``backward``).

Acceleration follows MATLAB's custom-layer guide ("Custom Layer Function Acceleration"): a
custom layer is cached only when it inherits ``Acceleratable`` (at any depth); then its
``predict``/``forward`` are cached exactly as ``dlaccelerate`` does (the layer object is an
input of the trace, so its learnables are traced and its configuration is part of the key; one
cache serves all instances of the class). A custom layer without it runs un-cached on every
call, even inside a network, whose built-in layers stay accelerated (see ``network``).
"""

import math

import jax
import jax.numpy as jnp

from . import backward, functions, nn
from .accelerate import AcceleratedFunction
from .dlarray import dlarray
from .options import name_value
from .properties import MatlabNames
from .random import rand, randn


class Layer(MatlabNames):
    """Base class of layers; see the module docstring for the contract."""

    learnable_names = ()
    state_names = ()
    num_inputs = 1

    @name_value()
    def __init__(self, name=""):
        self.name = name

    def __init_subclass__(cls, **kwargs):
        if backward.defines_backward(cls):  # before Acceleratable caches predict/forward
            backward.wrap(cls, Layer.forward)
        super().__init_subclass__(**kwargs)
        jax.tree_util.register_pytree_node(cls, _flatten_layer, _unflattener(cls))

    def initialize(self, *x):
        """Allocate learnables from the example input(s) ``x`` (no-op by default)."""

    def predict(self, *x):
        raise NotImplementedError(f"{type(self).__name__} must define predict(self, X)")

    def forward(self, *x):
        return self.predict(*x)

    @property
    def input_names(self):
        """MATLAB's ``InputNames``: ``("in",)`` for one input, else ``("in1", "in2", ...)``."""
        n = self.num_inputs
        return ("in",) if n == 1 else tuple(f"in{i + 1}" for i in range(n))

    @property
    def learnables(self):
        return {n: getattr(self, n) for n in self.learnable_names}

    @property
    def state(self):
        return {n: getattr(self, n) for n in self.state_names}

    def __setattr__(self, name, value):
        self.__dict__.pop(_CONFIG, None)  # the configuration may change: flatten anew
        super().__setattr__(name, value)

    def __delattr__(self, name):
        self.__dict__.pop(_CONFIG, None)
        super().__delattr__(name)

    def replace(self, **values):
        """A copy of this layer with some attributes replaced (learnables, state, ...)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__.update(values)
        if not values.keys() <= set(self.learnable_names + self.state_names):
            new.__dict__.pop(_CONFIG, None)
        return new

    def __repr__(self):
        return f"{type(self).__name__}(name={self.name!r})"


#: Where a layer keeps its configuration tuple (``_flatten_layer``) between flattens: every
#: trace-key lookup flattens the layers, and sorting and hashing the configuration is most of
#: that work. Setting or deleting an attribute drops it (``Layer.__setattr__``), as does a
#: ``replace`` of anything but learnables and state; an unflattened layer starts with it.
_CONFIG = "_Layer__config"


def _flatten_layer(layer):
    names = layer.learnable_names + layer.state_names
    children = tuple([getattr(layer, n, None) for n in names])
    config = layer.__dict__.get(_CONFIG)
    if config is None:
        config = layer.__dict__[_CONFIG] = _configuration(layer, names)
    return children, config


def _configuration(layer, names):
    """The attributes of ``layer`` other than ``names``, sorted: its trace-key part (only
    computed while no cached one is there). Each value must be hashable."""
    config = tuple(sorted((k, v) for k, v in layer.__dict__.items() if k not in names))
    for key, value in config:
        _check_hashable(layer, key, value)
    return config


def _check_hashable(layer, name, value):
    """A ``TypeError`` that says what to do when a configuration attribute is unhashable (an
    array would otherwise fail deep inside JAX's tree comparison)."""
    try:
        hash(value)
    except TypeError:
        kind = type(layer).__name__
        raise TypeError(
            f"{kind}.{name} is a {type(value).__name__}, which cannot be hashed: a layer's "
            "attributes other than its learnables and state are configuration, part of every "
            "trace key, so they must be numbers, strings or tuples. If it is an array, list it "
            f"in learnable_names (trained) or state_names (updated by forward) of {kind}, or "
            "store it as a tuple") from None


def _unflattener(cls):
    def unflatten(config, children):
        layer = object.__new__(cls)
        layer.__dict__.update(config)
        layer.__dict__.update(zip(cls.learnable_names + cls.state_names, children))
        layer.__dict__[_CONFIG] = config
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


def direct_method(layer, name):
    """``layer.<name>`` (``"predict"``/``"forward"``) bound to the layer, bypassing the class's
    cache when it inherits ``Acceleratable`` (``acceleration="none"`` caches nothing)."""
    method = getattr(type(layer), name)
    if isinstance(method, AcceleratedFunction):
        return method.function.__get__(layer)
    return getattr(layer, name)


def is_cached(layer):
    """Whether a network may put ``layer`` into its cached traces: a built-in layer (a class
    defined by this runtime) or a custom layer that inherits ``Acceleratable``."""
    if isinstance(layer, Acceleratable):
        return True
    return type(layer).__module__.rpartition(".")[0] == __package__


# MATLAB's name-value options of layers with weights that this runtime does not implement.
_WEIGHT_OPTIONS = ("WeightsInitializer", "BiasInitializer", "Weights", "Bias",
                   "WeightLearnRateFactor", "BiasLearnRateFactor", "WeightL2Factor",
                   "BiasL2Factor")


def glorot(shape, fan_in, fan_out):
    """Glorot (Xavier) uniform weights, MATLAB's default ``WeightsInitializer``."""
    limit = math.sqrt(6.0 / (fan_in + fan_out))
    return dlarray((rand(shape) * 2.0 - 1.0) * limit)


def filled(n, value):
    """A learnable or state vector of ``n`` float32 ``value``s (one per channel)."""
    return dlarray(jnp.full((n,), value, jnp.float32))


def channels_of(x, who):
    """The size of the ``C`` dimension of the formatted dlarray ``x`` (a clear error if none)."""
    if not isinstance(x, dlarray) or "C" not in x.fmt:
        raise ValueError(f"{who} needs an input with a 'C' dimension, got format "
                         f"{getattr(x, 'fmt', '')!r}")
    return x.shape[x.fmt.index("C")]


class FullyConnectedLayer(Layer):
    """``fullyconnect`` with ``output_size`` outputs; Glorot-initialised weights, zero bias."""

    learnable_names = ("weights", "bias")

    @name_value(unsupported=_WEIGHT_OPTIONS + ("InputSize",))
    def __init__(self, output_size, name=""):
        super().__init__(name)
        self.output_size = int(output_size)
        self.weights = None
        self.bias = None

    def initialize(self, x):
        if self.weights is None:
            features = math.prod(n for n, label in zip(x.shape, x.fmt) if label not in "BT")
            self.weights = glorot((self.output_size, features), features, self.output_size)
        if self.bias is None:
            self.bias = filled(self.output_size, 0.0)

    def predict(self, x):
        return nn.fullyconnect(x, self.weights, self.bias)


class Convolution2DLayer(Layer):
    """``dlconv`` with ``num_filters`` filters of ``filter_size`` (int or pair) on ``"SSCB"``."""

    learnable_names = ("weights", "bias")

    @name_value(unsupported=_WEIGHT_OPTIONS + ("DilationFactor", "PaddingValue", "NumChannels"))
    def __init__(self, filter_size, num_filters, stride=1, padding=0, name=""):
        super().__init__(name)
        self.filter_size = tuple(nn.pair(filter_size, "filter_size"))
        self.num_filters = int(num_filters)
        self.stride = tuple(nn.pair(stride, "stride"))
        self.padding = padding if isinstance(padding, (str, int)) else tuple(padding)
        self.weights = None
        self.bias = None

    def initialize(self, x):
        if self.weights is None:
            channels = channels_of(x, "Convolution2DLayer")
            h, w = self.filter_size
            self.weights = glorot((h, w, channels, self.num_filters), h * w * channels,
                                  h * w * self.num_filters)
        if self.bias is None:
            self.bias = filled(self.num_filters, 0.0)

    def predict(self, x):
        return nn.dlconv(x, self.weights, self.bias, self.stride, self.padding)


class TransposedConvolution2DLayer(Layer):
    """MATLAB's ``transposedConv2dLayer(filterSize, numFilters, Stride=1, Cropping=0)``:
    ``dltranspconv``; Glorot weights ``(h, w, num_filters, channels)``, zero bias."""

    learnable_names = ("weights", "bias")

    @name_value(unsupported=_WEIGHT_OPTIONS + ("NumChannels",))
    def __init__(self, filter_size, num_filters, stride=1, cropping=0, name=""):
        super().__init__(name)
        self.filter_size = tuple(nn.pair(filter_size, "filter_size"))
        self.num_filters = int(num_filters)
        self.stride = tuple(nn.pair(stride, "stride"))
        self.cropping = tuple(nn.pair(cropping, "cropping"))
        self.weights = None
        self.bias = None

    def initialize(self, x):
        if self.weights is None:
            channels = channels_of(x, "TransposedConvolution2DLayer")
            h, w = self.filter_size
            self.weights = glorot((h, w, self.num_filters, channels), h * w * self.num_filters,
                                  h * w * channels)
        if self.bias is None:
            self.bias = filled(self.num_filters, 0.0)

    def predict(self, x):
        return nn.dltranspconv(x, self.weights, self.bias, self.stride, self.cropping)


class ReLULayer(Layer):
    """``relu``."""

    def predict(self, x):
        return functions.relu(x)


class LeakyReLULayer(Layer):
    """``leakyrelu`` with ``scale`` (MATLAB's default 0.01) for negative inputs."""

    @name_value()
    def __init__(self, scale=0.01, name=""):
        super().__init__(name)
        self.scale = float(scale)

    def predict(self, x):
        return nn.leakyrelu(x, self.scale)


class GELULayer(Layer):
    """``gelu``; ``approximation`` ``"none"`` (MATLAB's default, the erf form) or ``"tanh"``."""

    @name_value()
    def __init__(self, approximation="none", name=""):
        super().__init__(name)
        self.approximation = nn.gelu_approximation(approximation)

    def predict(self, x):
        return nn.gelu(x, self.approximation)


class SigmoidLayer(Layer):
    """``sigmoid``."""

    def predict(self, x):
        return functions.sigmoid(x)


class TanhLayer(Layer):
    """``tanh``."""

    def predict(self, x):
        return functions.tanh(x)


class SoftmaxLayer(Layer):
    """``softmax`` over the channel dimension."""

    def predict(self, x):
        return nn.softmax(x)


class DropoutLayer(Layer):
    """``dropout`` with ``probability`` (MATLAB's default 0.5) in ``forward``; ``predict`` is
    the identity. The mask is drawn ``like=`` the input, so it is fresh on every call even
    inside a cached trace (MATLAB's dropout layer also draws a new mask per iteration)."""

    @name_value()
    def __init__(self, probability=0.5, name=""):
        super().__init__(name)
        self.probability = nn.dropout_probability(probability)

    def predict(self, x):
        return x

    def forward(self, x):
        return nn.dropout(x, self.probability)


class FlattenLayer(Layer):
    """MATLAB's ``flattenLayer``: the ``S`` and ``C`` dimensions become one ``C`` dimension
    (``"SSCB"`` -> ``"CB"``, in the order of the data, as ``fullyconnect`` flattens)."""

    def predict(self, x):
        return nn.flatten(x)


class EmbeddingLayer(Layer):
    """Maps integer indices to learnable vectors: MATLAB's ``wordEmbeddingLayer(dimension,
    numWords)`` / ``embed``. The input holds 0-based indices in a ``C`` dimension of size 1
    (``"CBT"`` sequences, ``"CB"``); the output has ``C`` of size ``dimension``.
    ``weights`` is ``(dimension, num_words)``, drawn from N(0, 0.01) as MATLAB's default."""

    learnable_names = ("weights",)

    @name_value()
    def __init__(self, dimension, num_words, name=""):
        super().__init__(name)
        self.dimension = int(dimension)
        self.num_words = int(num_words)
        self.weights = None

    def initialize(self, x):
        if self.weights is None:
            self.weights = dlarray(0.01 * randn(self.dimension, self.num_words))

    def predict(self, x):
        return nn.embed(x, self.weights)
