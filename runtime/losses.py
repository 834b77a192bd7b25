"""Loss functions, as MATLAB's: ``crossentropy`` (exclusive or independent classes), ``mse``,
``l1loss``, ``l2loss`` and ``huber``.

Each returns an unformatted scalar and, as MATLAB's default ``NormalizationFactor``
``"batch-size"``, divides the summed loss by the number of observations (the size of the ``B``
dimension; 1 without one). ``mse`` is MATLAB's *half* mean squared error:
``sum((Y - T)^2) / (2 N)`` (reference page ``mse``); ``l2loss`` is ``sum((Y - T)^2) / N``.
Targets must have the predictions' shape (a plain array or a dlarray).
"""

import jax.numpy as jnp

from .dlarray import apply, dlarray
from .nn import require_format
from .options import choice, name_value
from .primitive import Primitive


def _log(y):
    return jnp.log(jnp.maximum(y, jnp.finfo(y.dtype).tiny))


def _exclusive_impl(y, t, *, observations):
    return -jnp.sum(t * _log(y)) / observations


def _independent_impl(y, t, *, observations):
    return -jnp.sum(t * _log(y) + (1 - t) * _log(1 - y)) / observations


def _mse_impl(y, t, *, observations):
    return jnp.sum(jnp.square(y - t)) / (2 * observations)


def _l2_impl(y, t, *, observations):
    return jnp.sum(jnp.square(y - t)) / observations


def _l1_impl(y, t, *, observations):
    return jnp.sum(jnp.abs(y - t)) / observations


def _huber_impl(y, t, *, observations, delta):
    d = jnp.abs(y - t)
    return jnp.sum(jnp.where(d <= delta, 0.5 * d * d, delta * (d - 0.5 * delta))) / observations


_STATIC = ("observations",)
CROSSENTROPY = {"exclusive": Primitive("crossentropy", _exclusive_impl, static=_STATIC),
                "independent": Primitive("crossentropy", _independent_impl, static=_STATIC)}
# MATLAB's name-value options of the losses that this runtime does not implement.
_LOSS_OPTIONS = ("Mask", "Reduction", "NormalizationFactor", "DataFormat", "WeightsFormat")
MSE = Primitive("mse", _mse_impl, static=_STATIC)
L2LOSS = Primitive("l2loss", _l2_impl, static=_STATIC)
L1LOSS = Primitive("l1loss", _l1_impl, static=_STATIC)
HUBER = Primitive("huber", _huber_impl, static=_STATIC + ("delta",))


def _loss(prim, y, targets, who, **static):
    require_format(y, who)
    shape = tuple(targets.shape)
    if tuple(y.shape) != shape:
        raise ValueError(f"{who}: targets have shape {shape} but the predictions have shape "
                         f"{tuple(y.shape)}")
    if isinstance(targets, dlarray) and targets.fmt and targets.fmt != y.fmt:
        raise ValueError(f"{who}: targets have format {targets.fmt!r} but the predictions "
                         f"{y.fmt!r}")
    observations = y.shape[y.fmt.index("B")] if "B" in y.fmt else 1
    return apply(prim, (y, targets), {"observations": observations, **static}, "")


@name_value(unsupported=_LOSS_OPTIONS + ("ClassificationMode",))
def crossentropy(y, targets, target_categories="exclusive"):
    """Cross-entropy of probabilities ``y`` against ``targets``, per observation.

    ``target_categories`` (MATLAB's ``TargetCategories``): ``"exclusive"`` (one class per
    observation, after ``softmax``: ``-sum(T log Y) / N``) or ``"independent"`` (binary
    cross-entropy of each element, after ``sigmoid``:
    ``-sum(T log Y + (1 - T) log(1 - Y)) / N``).
    """
    target_categories = choice(target_categories, tuple(CROSSENTROPY), "target_categories")
    prim = CROSSENTROPY[target_categories]
    if target_categories == "exclusive":
        require_format(y, "crossentropy", "C")
    return _loss(prim, y, targets, "crossentropy")


@name_value(unsupported=("DataFormat",))
def mse(y, targets):
    """Half mean squared error: ``sum((Y - T)^2) / (2 N)``."""
    return _loss(MSE, y, targets, "mse")


@name_value(unsupported=_LOSS_OPTIONS)
def l2loss(y, targets):
    """``sum((Y - T)^2) / N``."""
    return _loss(L2LOSS, y, targets, "l2loss")


@name_value(unsupported=_LOSS_OPTIONS)
def l1loss(y, targets):
    """``sum(|Y - T|) / N``."""
    return _loss(L1LOSS, y, targets, "l1loss")


@name_value(unsupported=_LOSS_OPTIONS)
def huber(y, targets, transition_point=1.0):
    """Huber loss with ``transition_point`` (MATLAB's ``TransitionPoint``, default 1):
    ``d^2 / 2`` for ``|d| <= delta``, else ``delta (|d| - delta / 2)``, summed, ``/ N``."""
    return _loss(HUBER, y, targets, "huber", delta=float(transition_point))
