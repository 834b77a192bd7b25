"""Input layers: ``ImageInputLayer`` (``"SSCB"``), ``FeatureInputLayer`` (``"CB"``) and
``SequenceInputLayer`` (``"CBT"``).

As in MATLAB, an input layer fixes the format and the size of every dimension but ``B`` (and
``T``) of the data it accepts; an unformatted input is labelled with its format, a formatted one
must already have it. A network whose inputs are all input layers can be created without an
example input (``dlnetwork(layers)``): it is initialised with one zero observation.

``normalization`` follows MATLAB's ``Normalization`` option: ``"zerocenter"`` (the default of
``imageInputLayer``; subtracts ``mean``), ``"zscore"`` (also divides by ``std``) or ``"none"``
(the default of the feature and sequence layers). MATLAB computes ``mean``/``std`` only in
``trainnet``; in a custom loop they must be given, so the zero-centering default without a
``mean`` is an error that says so.
"""

import jax.numpy as jnp

from .dlarray import dlarray
from .layers import Layer
from .options import choice, name_value

_NORMALIZATIONS = ("none", "zerocenter", "zscore")
_ALIASES = {"StandardDeviation": "std"}
# MATLAB's name-value options of the input layers that this runtime does not implement.
_INPUT_OPTIONS = ("NormalizationDimension", "Min", "Max", "SplitComplexInputs")


class _InputLayer(Layer):
    fmt = ""

    def __init__(self, input_size, normalization, mean, std, name):
        super().__init__(name)
        self.input_size = (input_size,) if isinstance(input_size, int) else tuple(input_size)
        normalization = choice(normalization, _NORMALIZATIONS, "normalization")
        if normalization != "none" and mean is None:
            raise ValueError(f"{type(self).__name__}: normalization {normalization!r} needs "
                             "mean= (MATLAB computes it only in trainnet); pass mean=..., or "
                             "normalization='none'")
        if normalization == "zscore" and std is None:
            raise ValueError(f"{type(self).__name__}: normalization 'zscore' needs std=")
        self.normalization = normalization
        self.mean = None if mean is None else float(mean)
        self.std = None if std is None else float(std)

    def example(self):
        """One zero observation of the accepted size (for ``dlnetwork`` without an example)."""
        shape = [1] * len(self.fmt)
        for position, size in zip(self._sized_axes(), self.input_size):
            shape[position] = size
        return dlarray(jnp.zeros(shape, jnp.float32), self.fmt)

    def _sized_axes(self):
        return [i for i, label in enumerate(self.fmt) if label in "SC"]

    def predict(self, x):
        if not isinstance(x, dlarray):
            x = dlarray(x)
        if not x.fmt:
            x = dlarray(x, self.fmt)
        if x.fmt != self.fmt:
            raise ValueError(f"{self.name or type(self).__name__} expects {self.fmt!r} data, got "
                             f"format {x.fmt!r}")
        sizes = tuple(x.shape[i] for i in self._sized_axes())
        if sizes != self.input_size:
            raise ValueError(f"{self.name or type(self).__name__} expects inputs of size "
                             f"{self.input_size} (besides the batch), got {sizes}")
        if self.normalization == "none":
            return x
        x = x - self.mean
        return x / self.std if self.normalization == "zscore" else x


class ImageInputLayer(_InputLayer):
    """MATLAB's ``imageInputLayer(input_size)``: ``(height, width, channels)``, ``"SSCB"``."""

    fmt = "SSCB"

    @name_value(aliases=_ALIASES, unsupported=_INPUT_OPTIONS)
    def __init__(self, input_size, normalization="zerocenter", mean=None, std=None, name=""):
        super().__init__(input_size, normalization, mean, std, name)
        if len(self.input_size) != 3:
            raise ValueError(f"ImageInputLayer needs (height, width, channels), got {input_size}")


class FeatureInputLayer(_InputLayer):
    """MATLAB's ``featureInputLayer(num_features)``: ``"CB"`` data."""

    fmt = "CB"

    @name_value(aliases=_ALIASES, unsupported=_INPUT_OPTIONS)
    def __init__(self, num_features, normalization="none", mean=None, std=None, name=""):
        super().__init__(int(num_features), normalization, mean, std, name)


class SequenceInputLayer(_InputLayer):
    """MATLAB's ``sequenceInputLayer(input_size)`` for vector sequences: ``"CBT"`` data with
    ``input_size`` channels, any number of time steps."""

    fmt = "CBT"

    @name_value(aliases=_ALIASES, unsupported=_INPUT_OPTIONS + ("MinLength",))
    def __init__(self, input_size, normalization="none", mean=None, std=None, name=""):
        super().__init__(int(input_size), normalization, mean, std, name)
