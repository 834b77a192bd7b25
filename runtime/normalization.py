"""Normalisation: ``batchnorm`` and ``layernorm``, and the layers built on them.

Both follow MATLAB's dlarray functions of the same names (Deep Learning Toolbox reference
pages ``batchnorm``, ``layernorm``, ``batchNormalizationLayer``,
``layerNormalizationLayer``): ``offset`` and ``scale`` hold one value per channel (``C``),
``epsilon`` defaults to 1e-5, and the mean and variance decays of the running statistics to 0.1.
"""

import jax.numpy as jnp

from .dlarray import apply
from .layers import Layer, channels_of, filled
from .nn import require_format
from .options import choice, name_value
from .primitive import Primitive


# MATLAB's name-value options of the normalisation layers that this runtime does not implement.
_NORMALIZATION_OPTIONS = ("OffsetInitializer", "ScaleInitializer", "Offset", "Scale",
                          "OffsetLearnRateFactor", "ScaleLearnRateFactor", "OffsetL2Factor",
                          "ScaleL2Factor", "TrainedMean", "TrainedVariance")


def _per_channel(value, ndim, channel_axis):
    shape = [1] * ndim
    shape[channel_axis] = -1
    return value.reshape(shape)


def _normalize(x, offset, scale, mean, variance, channel_axis, epsilon):
    ndim = x.ndim
    shifted = (x - _per_channel(mean, ndim, channel_axis)) / jnp.sqrt(
        _per_channel(variance, ndim, channel_axis) + epsilon)
    return _per_channel(scale, ndim, channel_axis) * shifted + _per_channel(offset, ndim,
                                                                            channel_axis)


def _batchnorm_train_impl(x, offset, scale, running_mean, running_var, *, channel_axis, epsilon,
                          mean_decay, variance_decay):
    axes = tuple(a for a in range(x.ndim) if a != channel_axis)
    mean = jnp.mean(x, axis=axes)
    variance = jnp.var(x, axis=axes)
    y = _normalize(x, offset, scale, mean, variance, channel_axis, epsilon)
    if running_mean is None:
        return y, mean, variance
    return (y, (1 - mean_decay) * running_mean + mean_decay * mean,
            (1 - variance_decay) * running_var + variance_decay * variance)


def _batchnorm_batch_impl(x, offset, scale, *, channel_axis, epsilon):
    return _batchnorm_train_impl(x, offset, scale, None, None, channel_axis=channel_axis,
                                 epsilon=epsilon, mean_decay=None, variance_decay=None)


def _batchnorm_infer_impl(x, offset, scale, mean, variance, *, channel_axis, epsilon):
    return _normalize(x, offset, scale, mean, variance, channel_axis, epsilon)


BATCHNORM_TRAIN = Primitive("batchnorm", _batchnorm_train_impl, multiple_results=True,
                            static=("channel_axis", "epsilon", "mean_decay", "variance_decay"))
BATCHNORM_BATCH = Primitive("batchnorm", _batchnorm_batch_impl, multiple_results=True,
                            static=("channel_axis", "epsilon"))
BATCHNORM_INFER = Primitive("batchnorm", _batchnorm_infer_impl,
                            static=("channel_axis", "epsilon"))


@name_value(unsupported=("DataFormat",))
def batchnorm(x, offset, scale, running_mean=None, running_var=None, *, training=True,
              epsilon=1e-5, mean_decay=0.1, variance_decay=0.1):
    """Normalise each channel of ``x`` over every other dimension (``S``, ``B``, ``T``, ``U``).

    Python has no ``nargout``, so MATLAB's three forms are spelled:

    - ``Y, mu, sigma_sq = batchnorm(X, offset, scale)``: statistics of this batch;
    - ``Y, mean, var = batchnorm(X, offset, scale, mean, var)``: normalised with this batch's
      statistics, and the running statistics updated (``(1 - decay) * running + decay *
      batch``, MATLAB's ``MeanDecay``/``VarianceDecay``);
    - ``Y = batchnorm(X, offset, scale, mean, var, training=False)``: normalised with the given
      (trained) statistics, MATLAB's one-output form.

    The batch variance is the biased one (divided by the number of elements), as MATLAB's.
    """
    require_format(x, "batchnorm", "C")
    static = {"channel_axis": x._fmt.index("C"), "epsilon": float(epsilon)}
    fmt = x._fmt
    if running_mean is None:
        if not training:
            raise ValueError("batchnorm(training=False) needs the trained mean and variance")
        return apply(BATCHNORM_BATCH, (x, offset, scale), static, (fmt, "", ""))
    if not training:
        return apply(BATCHNORM_INFER, (x, offset, scale, running_mean, running_var), static, fmt)
    static.update(mean_decay=float(mean_decay), variance_decay=float(variance_decay))
    return apply(BATCHNORM_TRAIN, (x, offset, scale, running_mean, running_var), static,
                 (fmt, "", ""))


def _layernorm_impl(x, offset, scale, *, axes, channel_axis, epsilon):
    mean = jnp.mean(x, axis=axes, keepdims=True)
    variance = jnp.var(x, axis=axes, keepdims=True)
    ndim = x.ndim
    return (_per_channel(scale, ndim, channel_axis) * (x - mean) / jnp.sqrt(variance + epsilon)
            + _per_channel(offset, ndim, channel_axis))


LAYERNORM = Primitive("layernorm", _layernorm_impl, static=("axes", "channel_axis", "epsilon"))
_OPERATION_LABELS = {"channel-only": "C", "spatial-channel": "SC", "batch-excluded": "SCTU"}


@name_value(unsupported=("DataFormat",))
def layernorm(x, offset, scale, *, epsilon=1e-5, operation_dimension="auto"):
    """Normalise each observation of ``x`` over its channels (and more, see below), then scale
    and shift per channel.

    ``operation_dimension`` (MATLAB's ``OperationDimension`` of ``layerNormalizationLayer``):
    ``"channel-only"``, ``"spatial-channel"``, ``"batch-excluded"`` (every dimension but
    ``B``), or ``"auto"``: channel-only for data with a ``T`` dimension or without ``S``
    (features, sequences), spatial-channel for images.
    """
    require_format(x, "layernorm", "C")
    fmt = x._fmt
    operation_dimension = choice(operation_dimension, ("auto", *_OPERATION_LABELS),
                                 "operation_dimension")
    if operation_dimension == "auto":
        operation_dimension = "channel-only" if "T" in fmt or "S" not in fmt else \
            "spatial-channel"
    labels = _OPERATION_LABELS[operation_dimension]
    axes = tuple(i for i, label in enumerate(fmt) if label in labels)
    static = {"axes": axes, "channel_axis": fmt.index("C"), "epsilon": float(epsilon)}
    return apply(LAYERNORM, (x, offset, scale), static, fmt)


class BatchNormalizationLayer(Layer):
    """MATLAB's ``batchNormalizationLayer``: learnables ``offset`` (zeros) and ``scale``
    (ones), state ``trained_mean`` (zeros) and ``trained_variance`` (ones), one per channel.

    ``forward`` normalises with the batch's statistics and returns the updated running
    statistics as the new state; ``predict`` normalises with the state.
    """

    learnable_names = ("offset", "scale")
    state_names = ("trained_mean", "trained_variance")

    @name_value(unsupported=_NORMALIZATION_OPTIONS)
    def __init__(self, epsilon=1e-5, mean_decay=0.1, variance_decay=0.1, name=""):
        super().__init__(name)
        self.epsilon = float(epsilon)
        self.mean_decay = float(mean_decay)
        self.variance_decay = float(variance_decay)
        self.offset = self.scale = self.trained_mean = self.trained_variance = None

    def initialize(self, x):
        channels = channels_of(x, "BatchNormalizationLayer")
        for name, value in (("offset", 0.0), ("scale", 1.0), ("trained_mean", 0.0),
                            ("trained_variance", 1.0)):
            if getattr(self, name) is None:
                setattr(self, name, filled(channels, value))

    def predict(self, x):
        y = batchnorm(x, self.offset, self.scale, self.trained_mean, self.trained_variance,
                      training=False, epsilon=self.epsilon)
        return y, self.state

    def forward(self, x):
        y, mean, variance = batchnorm(x, self.offset, self.scale, self.trained_mean,
                                      self.trained_variance, epsilon=self.epsilon,
                                      mean_decay=self.mean_decay,
                                      variance_decay=self.variance_decay)
        return y, {"trained_mean": mean, "trained_variance": variance}


class LayerNormalizationLayer(Layer):
    """MATLAB's ``layerNormalizationLayer``: learnables ``offset`` (zeros) and ``scale``
    (ones), one per channel; ``operation_dimension`` as in ``layernorm``."""

    learnable_names = ("offset", "scale")

    @name_value(unsupported=_NORMALIZATION_OPTIONS)
    def __init__(self, epsilon=1e-5, operation_dimension="auto", name=""):
        super().__init__(name)
        self.epsilon = float(epsilon)
        self.operation_dimension = operation_dimension
        self.offset = self.scale = None

    def initialize(self, x):
        channels = channels_of(x, "LayerNormalizationLayer")
        if self.offset is None:
            self.offset = filled(channels, 0.0)
        if self.scale is None:
            self.scale = filled(channels, 1.0)

    def predict(self, x):
        return layernorm(x, self.offset, self.scale, epsilon=self.epsilon,
                         operation_dimension=self.operation_dimension)


def _groupnorm_impl(x, offset, scale, *, channel_axis, batch_axes, groups, epsilon):
    shape = x.shape
    grouped = x.reshape(shape[:channel_axis] + (groups, shape[channel_axis] // groups)
                        + shape[channel_axis + 1:])
    kept = {channel_axis} | {a + 1 if a > channel_axis else a for a in batch_axes}
    axes = tuple(a for a in range(grouped.ndim) if a not in kept)
    mean = jnp.mean(grouped, axis=axes, keepdims=True)
    variance = jnp.var(grouped, axis=axes, keepdims=True)
    normalized = ((grouped - mean) / jnp.sqrt(variance + epsilon)).reshape(shape)
    ndim = x.ndim
    return (_per_channel(scale, ndim, channel_axis) * normalized
            + _per_channel(offset, ndim, channel_axis))


GROUPNORM = Primitive("groupnorm", _groupnorm_impl,
                      static=("channel_axis", "batch_axes", "groups", "epsilon"))


@name_value(unsupported=("DataFormat",))
def groupnorm(x, num_groups, offset, scale, *, epsilon=1e-5):
    """MATLAB's ``groupnorm(X, numGroups, offset, scale)``: the channels are split into
    ``num_groups`` groups of consecutive channels, and each group of each observation is
    normalised over its channels and every ``S``/``T``/``U`` dimension, then scaled and shifted
    per channel. ``num_groups`` may also be ``"all-channels"`` (one group) or
    ``"channel-wise"`` (one group per channel: ``instancenorm``)."""
    require_format(x, "groupnorm", "C")
    fmt = x._fmt
    channels = x.shape[fmt.index("C")]
    groups = {"all-channels": 1, "channel-wise": channels}.get(num_groups, num_groups)
    if not isinstance(groups, int) or groups < 1 or channels % groups:
        raise ValueError(f"groupnorm: {channels} channels do not split into {num_groups!r} "
                         "groups")
    static = {"channel_axis": fmt.index("C"), "groups": groups, "epsilon": float(epsilon),
              "batch_axes": tuple(i for i, label in enumerate(fmt) if label == "B")}
    return apply(GROUPNORM, (x, offset, scale), static, fmt)


@name_value(unsupported=("DataFormat",))
def instancenorm(x, offset, scale, *, epsilon=1e-5):
    """MATLAB's ``instancenorm``: each channel of each observation normalised on its own."""
    return groupnorm(x, "channel-wise", offset, scale, epsilon=epsilon)


class GroupNormalizationLayer(Layer):
    """MATLAB's ``groupNormalizationLayer(numGroups)`` (``"all-channels"``,
    ``"channel-wise"`` or an int): learnables ``offset`` (zeros) and ``scale`` (ones)."""

    learnable_names = ("offset", "scale")

    @name_value(unsupported=_NORMALIZATION_OPTIONS)
    def __init__(self, num_groups, epsilon=1e-5, name=""):
        super().__init__(name)
        self.num_groups = num_groups
        self.epsilon = float(epsilon)
        self.offset = self.scale = None

    def initialize(self, x):
        channels = channels_of(x, type(self).__name__)
        if self.offset is None:
            self.offset = filled(channels, 0.0)
        if self.scale is None:
            self.scale = filled(channels, 1.0)

    def predict(self, x):
        return groupnorm(x, self.num_groups, self.offset, self.scale, epsilon=self.epsilon)


class InstanceNormalizationLayer(GroupNormalizationLayer):
    """MATLAB's ``instanceNormalizationLayer``: ``GroupNormalizationLayer("channel-wise")``."""

    @name_value(unsupported=_NORMALIZATION_OPTIONS)
    def __init__(self, epsilon=1e-5, name=""):
        super().__init__("channel-wise", epsilon, name)
