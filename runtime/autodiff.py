"""``dlfeval`` and ``dlgradient``: reverse-mode differentiation on a tape of primitives.

``dlfeval(fun, *args)`` marks every dlarray in ``args`` (at any depth of dicts, lists, tuples
or other pytrees, such as a ``dlnetwork``) as traced and runs ``fun`` eagerly. Each primitive
applied to a traced value appends one node to this thread's tape (``Tape.record``), holding
its operands. ``dlgradient(y, *xs)`` walks the nodes between ``xs`` and ``y`` backwards; each
node's derivative is ``jax.vjp`` of the primitive's implementation, run as one jitted
primitive (``VJP``) through the same dispatch, so:

- gradients are themselves traced: ``dlgradient`` of a gradient works (higher derivatives);
- inside a trace being built by ``dlaccelerate`` the backward pass is recorded too, so an
  accelerated loss-and-gradient function replays forward and backward as one XLA program.

Sharp edges, as in MATLAB: only floating-point dlarrays passed to ``dlfeval`` are traced (a
dlarray created inside ``fun`` is a constant, and differentiating with respect to it is an
error); ``extractdata(x)`` and other host conversions leave the trace; values returned by
``dlfeval`` are not traced. A ``dlfeval`` inside another ``dlfeval`` joins the outer trace.
``RetainData`` (``retain_data``) is accepted for MATLAB compatibility: this runtime always keeps
the trace until ``dlfeval`` returns (so several ``dlgradient`` calls may share it) and frees it
then.
"""

import itertools

import jax
import jax.numpy as jnp

from .dlarray import apply, dlarray
from .options import name_value
from .primitive import Primitive
from .state import STATE


def _is_dlarray(x):
    return isinstance(x, dlarray)


class Var:
    """A traced value: its tape and the node that produced it (``None`` for an input)."""

    __slots__ = ("tape", "node")

    def __init__(self, tape, node):
        self.tape, self.node = tape, node


class Node:
    """One recorded primitive application and what its derivative needs."""

    __slots__ = ("seq", "prim", "params", "args", "parents", "outputs", "out_avals")

    def __init__(self, seq, prim, params, args, parents):
        self.seq, self.prim, self.params, self.args, self.parents = seq, prim, params, args, parents
        self.outputs = ()
        self.out_avals = ()


class Tape:
    """The derivative trace of one outermost ``dlfeval`` call, in one thread."""

    def __init__(self):
        self._seq = itertools.count()

    def input(self):
        return Var(self, None)

    def record(self, prim, args, params, out):
        """Record ``prim(*args)`` if an operand is traced here; return the outputs' Vars."""
        parents = None
        for i, a in enumerate(args):
            grad = a._grad if isinstance(a, dlarray) else None
            if grad is not None and grad.tape is self:
                if parents is None:
                    parents = [None] * len(args)
                parents[i] = grad
        if parents is None:
            return None
        outs = out if prim.multiple_results else (out,)
        node = Node(next(self._seq), prim, tuple(params.items()), tuple(args), tuple(parents))
        node.outputs = tuple(Var(self, node) if o.dtype.kind in "fc" else None for o in outs)
        node.out_avals = tuple((o.shape, o.dtype) for o in outs)
        return node.outputs

    def gradient(self, y, seed, xs):
        """Cotangents with respect to the Vars ``xs`` of the Var ``y`` seeded with ``seed``.

        Returns one entry per x: a dlarray, a JAX array (x is y), or None (no dependence).
        """
        nodes = _nodes_between(y, xs)
        live = {id(x) for x in xs}
        for node in nodes:  # ascending: a node is live when it depends on some x
            if any(p is not None and id(p) in live for p in node.parents):
                live.update(id(o) for o in node.outputs if o is not None)
        cts = {id(y): seed}
        wanted = {id(x) for x in xs}
        found = {}
        for node in reversed(nodes):
            if not any(o is not None and id(o) in cts for o in node.outputs):
                continue
            out_cts = []
            for o, (shape, dtype) in zip(node.outputs, node.out_avals):
                if o is None:
                    continue  # not differentiable (integer/boolean output)
                ct = cts.pop(id(o), None)
                if ct is not None and id(o) in wanted:
                    found[id(o)] = ct
                out_cts.append(ct if ct is not None else jnp.zeros(shape, dtype))
            mask = tuple(p is not None and id(p) in live for p in node.parents)
            if not any(mask):
                continue
            grads = apply(VJP, node.args + tuple(out_cts),
                          {"prim": node.prim, "params": node.params, "mask": mask},
                          ("",) * sum(mask))
            parents = (p for p, m in zip(node.parents, mask) if m)
            for parent, g in zip(parents, grads):
                previous = cts.get(id(parent))
                cts[id(parent)] = g if previous is None else previous + g
        found.update((k, v) for k, v in cts.items() if k in wanted)
        return [found.get(id(x)) for x in xs]


def _nodes_between(y, xs):
    """Nodes ``y`` depends on, from the one producing the earliest of ``xs`` on, by age."""
    floor = min((x.node.seq if x.node else -1) for x in xs)
    seen, stack, nodes = set(), [y], []
    while stack:
        node = stack.pop().node
        if node is None or node.seq < floor or id(node) in seen:
            continue
        seen.add(id(node))
        nodes.append(node)
        stack.extend(p for p in node.parents if p is not None)
    nodes.sort(key=lambda n: n.seq)
    return nodes


def _vjp_impl(*arrays, prim, params, mask):
    primals, cts = arrays[:len(mask)], arrays[len(mask):]

    def partial(*diff):
        it = iter(diff)
        full = [next(it) if m else p for p, m in zip(primals, mask)]
        return prim.impl(*full, **dict(params))

    def differentiable_outputs(*diff):
        out = partial(*diff)
        return tuple(o for o in out if jnp.issubdtype(o.dtype, jnp.inexact))

    if prim.multiple_results:
        _, pullback = jax.vjp(differentiable_outputs, *(p for p, m in zip(primals, mask) if m))
        return tuple(pullback(tuple(cts)))
    _, pullback = jax.vjp(partial, *(p for p, m in zip(primals, mask) if m))
    return tuple(pullback(cts[0]))


VJP = Primitive("vjp", _vjp_impl, static=("prim", "params", "mask"), multiple_results=True)


def dlfeval(fun, *args, **kwargs):
    """Evaluate ``fun(*args, **kwargs)`` with every floating-point dlarray input traced.

    Inside ``fun``, ``dlgradient`` differentiates with respect to those inputs (or values
    computed from them). Returns ``fun``'s outputs, no longer traced.

    When ``fun``'s class defines ``dlfeval_hit`` (an accelerated function), the outermost
    ``dlfeval`` first asks it for the outputs of a cached trace: the replay of a hit runs no
    code of the caller's, so it needs no traced copies of the inputs and no tape.
    """
    state = STATE
    outer = state.tape
    if outer is None:
        hit = getattr(type(fun), "dlfeval_hit", None)
        hit = hit(fun, args, kwargs) if hit is not None else None
        if hit is not None:
            return hit[0]
    tape = outer if outer is not None else Tape()
    args, kwargs = jax.tree_util.tree_map(lambda x: _traced(x, tape), (args, kwargs),
                                          is_leaf=_is_dlarray)
    if outer is not None:
        return fun(*args, **kwargs)
    state.tape = tape
    try:
        out = fun(*args, **kwargs)
    finally:
        state.tape = None
    return jax.tree_util.tree_map(_untraced, out, is_leaf=_is_dlarray)


def _traced(x, tape):
    if not isinstance(x, dlarray) or x._data.dtype.kind not in "fc":
        return x
    if x._grad is not None and x._grad.tape is tape:
        return x
    return dlarray._make(x._data, x._fmt, tape.input(), x._rec)


def _untraced(x):
    if isinstance(x, dlarray) and x._grad is not None:
        return dlarray._make(x._data, x._fmt, None, x._rec)
    return x


@name_value()
def dlgradient(y, *xs, retain_data=False, enable_higher_derivatives=True):
    """Gradient of the scalar traced dlarray ``y`` with respect to each of ``xs``.

    Each ``x`` is a traced dlarray or a dict/list/tuple nest of them (such as
    ``net.learnables``); the result has the same structure, one gradient per dlarray, each
    formatted like its ``x``. With one ``x`` that result is returned, with several a tuple.
    Only valid inside a function evaluated by ``dlfeval``.

    Options, in MATLAB's spelling (any case) or snake case, as keywords or trailing name-value
    pairs (``dlgradient(loss, w, "EnableHigherDerivatives", False)``): ``RetainData`` has no effect
    (see the module docstring); ``EnableHigherDerivatives`` (default True, as MATLAB's) set to
    False returns gradients that are not traced, so they cannot be differentiated again.
    ``y`` must be real (MATLAB errors on a complex ``y``; its gradients would be meaningless).
    """
    del retain_data  # accepted for MATLAB's sake; see the module docstring
    tape = STATE.tape
    if tape is None:
        raise RuntimeError("dlgradient is only valid inside a function evaluated by dlfeval; "
                           "call dlfeval(fun, x, ...) and call dlgradient inside fun")
    if not xs:
        raise TypeError("dlgradient(y, x, ...) needs at least one variable x to differentiate by")
    if not isinstance(y, dlarray) or y._grad is None or y._grad.tape is not tape:
        raise ValueError("dlgradient: y is not traced; it must be a dlarray computed from the "
                         "dlarray inputs of dlfeval (values from extractdata, or created inside "
                         "the function, carry no derivative)")
    if y._data.dtype.kind == "c":
        raise ValueError("dlgradient: y must be real, but it is complex; differentiate a real "
                         "value such as sum(abs(y) ** 2), as MATLAB requires")
    if y._data.size != 1:
        raise ValueError(f"dlgradient: y must be a scalar, but it has shape {y.shape}; reduce "
                         "it first, e.g. dlgradient(sum(y), x)")
    leaves, tree = jax.tree_util.tree_flatten(xs, is_leaf=_is_dlarray)
    for position, x in enumerate(leaves):
        if not isinstance(x, dlarray):
            raise TypeError(f"dlgradient: variable #{position} is a {type(x).__name__}, not a "
                            "dlarray; pass dlarrays or dicts/lists/tuples of them")
        if x._grad is None or x._grad.tape is not tape:
            raise ValueError(f"dlgradient: variable #{position} (shape {x.shape}) is not "
                             "traced: it was created inside the function, not passed to "
                             "dlfeval; pass it as an argument of dlfeval to differentiate by it")
    seed = jnp.ones(y.shape, y.dtype)
    cts = tape.gradient(y._grad, seed, [x._grad for x in leaves])
    grads = []
    for x, ct in zip(leaves, cts):
        if not enable_higher_derivatives and isinstance(ct, dlarray):
            ct = ct._data
        if ct is None:
            grads.append(dlarray._make(jnp.zeros_like(x._data), x._fmt))
        elif isinstance(ct, dlarray):
            grads.append(dlarray._make(ct._data, x._fmt, ct._grad, ct._rec))
        else:
            grads.append(dlarray._make(ct, x._fmt))
    result = jax.tree_util.tree_unflatten(tree, grads)
    return result[0] if len(xs) == 1 else tuple(result)
