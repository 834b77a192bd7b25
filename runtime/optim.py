"""Optimiser updates: ``sgdmupdate``, ``adamupdate``, ``rmspropupdate`` and ``dlupdate``, as
MATLAB's.

``net`` may be a ``dlnetwork`` (a new network with updated learnables is returned; the one
passed in is unchanged) or a nest of dlarrays such as ``net.learnables`` (an updated nest is
returned). ``grad`` and the optimiser state must have the same structure; pass ``None`` as the
state on the first iteration where MATLAB passes ``[]`` (``[]`` is an error that says so).
Each parameter is updated by one fused primitive, so updates are cheap eagerly and traceable
(inside ``dlaccelerate``) if you want them to be.
"""

import copy

import jax
import jax.numpy as jnp

from .dlarray import apply, dlarray
from .network import dlnetwork
from .primitive import Primitive


def _is_dlarray(x):
    return isinstance(x, dlarray)


def _leaves(tree, like_tree, what):
    leaves, structure = jax.tree_util.tree_flatten(tree, is_leaf=_is_dlarray)
    if structure != like_tree:
        raise ValueError(f"{what} does not have the structure of the learnables: expected "
                         f"{like_tree}, got {structure}")
    return leaves


def _zeros_like(leaves):
    return [dlarray._make(jnp.zeros_like(p._data), p._fmt) for p in leaves]


def _state(value):
    if isinstance(value, (list, tuple)) and not value:
        raise ValueError("an empty optimiser state ([] in MATLAB) is None here: initialise it "
                         "with None, e.g. average_grad = average_sq_grad = None")
    return value


def _params(net):
    return net.learnables if isinstance(net, dlnetwork) else net


def _rebuild(net, params):
    """``params`` in place of ``net``'s learnables: a new network, or the nest itself."""
    if not isinstance(net, dlnetwork):
        return params
    updated = copy.copy(net)
    updated.learnables = params
    return updated


def _update(net, grad, states, prim, hyper):
    p_leaves, tree = jax.tree_util.tree_flatten(_params(net), is_leaf=_is_dlarray)
    g_leaves = _leaves(grad, tree, "grad")
    s_leaves = [_zeros_like(p_leaves) if s is None
                else _leaves(_state(s), tree, "the optimiser state") for s in states]
    new = [[] for _ in range(1 + len(states))]
    for i, (p, g) in enumerate(zip(p_leaves, g_leaves)):
        outs = apply(prim, (p, g, *(s[i] for s in s_leaves), *hyper), {},
                     (p._fmt,) * (1 + len(states)))
        for column, value in zip(new, outs):
            column.append(value)
    params = _rebuild(net, jax.tree_util.tree_unflatten(tree, new[0]))
    return (params, *(jax.tree_util.tree_unflatten(tree, column) for column in new[1:]))


def _sgdm_impl(p, g, v, learn_rate, momentum):
    v = momentum * v - learn_rate * g
    return p + v, v


SGDM = Primitive("sgdmupdate", _sgdm_impl, multiple_results=True)


def sgdmupdate(net, grad, vel, learn_rate=0.01, momentum=0.9):
    """Stochastic gradient descent with momentum: ``net, vel = sgdmupdate(net, grad, vel)``.

    ``vel = momentum * vel - learn_rate * grad``; ``param = param + vel``.
    """
    return _update(net, grad, (vel,), SGDM, (learn_rate, momentum))


def _adam_impl(p, g, m, s, iteration, learn_rate, grad_decay, sq_grad_decay, epsilon):
    m = grad_decay * m + (1 - grad_decay) * g
    s = sq_grad_decay * s + (1 - sq_grad_decay) * g * g
    step = learn_rate * jnp.sqrt(1 - sq_grad_decay ** iteration) / (1 - grad_decay ** iteration)
    return p - step * m / (jnp.sqrt(s) + epsilon), m, s


ADAM = Primitive("adamupdate", _adam_impl, multiple_results=True)


def adamupdate(net, grad, average_grad, average_sq_grad, iteration, learn_rate=0.001,
               grad_decay=0.9, sq_grad_decay=0.999, epsilon=1e-8):
    """Adam: ``net, average_grad, average_sq_grad = adamupdate(net, grad, avg, sq, iteration)``.

    ``iteration`` counts from 1 (it drives the bias correction).
    """
    if iteration < 1:
        raise ValueError(f"adamupdate: iteration counts from 1, got {iteration}")
    return _update(net, grad, (average_grad, average_sq_grad), ADAM,
                   (iteration, learn_rate, grad_decay, sq_grad_decay, epsilon))


def _rmsprop_impl(p, g, s, learn_rate, sq_grad_decay, epsilon):
    s = sq_grad_decay * s + (1 - sq_grad_decay) * g * g
    return p - learn_rate * g / (jnp.sqrt(s) + epsilon), s


RMSPROP = Primitive("rmspropupdate", _rmsprop_impl, multiple_results=True)


def rmspropupdate(net, grad, average_sq_grad, learn_rate=0.001, sq_grad_decay=0.9,
                  epsilon=1e-8):
    """RMSProp: ``net, average_sq_grad = rmspropupdate(net, grad, average_sq_grad)``.

    ``s = decay * s + (1 - decay) * grad^2``; ``param = param - learn_rate * grad /
    (sqrt(s) + epsilon)`` (MATLAB's defaults: learn rate 0.001, decay 0.9, epsilon 1e-8).
    """
    return _update(net, grad, (average_sq_grad,), RMSPROP,
                   (learn_rate, sq_grad_decay, epsilon))


def dlupdate(fun, net, *others):
    """Apply ``fun`` to every learnable: MATLAB's ``[net, X1, ...] = dlupdate(fun, net, X1, ...)``.

    ``fun(param, x1, ...)`` gets each learnable with the matching element of every nest in
    ``others`` (same structure as the learnables). If it returns a tuple, its first element is
    the new learnable and the rest the new elements of the others: the result is then
    ``(net, x1, ...)``; otherwise the updated ``net`` alone is returned (Python has no nargout).
    """
    p_leaves, tree = jax.tree_util.tree_flatten(_params(net), is_leaf=_is_dlarray)
    o_leaves = [_leaves(_state(o), tree, f"argument #{i + 3} of dlupdate")
                for i, o in enumerate(others)]
    results = [fun(p, *(o[i] for o in o_leaves)) for i, p in enumerate(p_leaves)]
    if not results or not isinstance(results[0], tuple):
        return _rebuild(net, jax.tree_util.tree_unflatten(tree, results))
    columns = list(zip(*results))
    return (_rebuild(net, jax.tree_util.tree_unflatten(tree, list(columns[0]))),
            *(jax.tree_util.tree_unflatten(tree, list(c)) for c in columns[1:]))
