# source: https://github.com/ryan112358/mbi/pull/206
# framework: JAX
# mbi's `callbacks.default` builds the logging callback of an estimation run: it wraps each
# loss in `jax.jit(loss_fn.__call__)`. The bound method is a new function for every callback
# made, and it closes over the measurement data, which "was baked into the compiled program as
# a compile-time constant ... forces a recompile whenever the measurement values change". A
# mechanism that estimates again after each round of new measurements (AIM, MST) makes a new
# callback per round, so every round compiles every loss again. The pull request routes the
# losses through one jitted function that takes them as a traced pytree. The module holds
# `callbacks.default` and `Callback` as they were before (commit cfacfe4^), reduced: a
# `MarginalLossFn` is a dataclass of (clique, measured marginal) pairs, marginals are arrays
# keyed by clique, the estimation is a few multiplicative updates; the caller runs
# `num_rounds` rounds (10 in the run), adding one measurement per round.
# verify: c.jax['__call__'] >= 20
import dataclasses

import jax
import jax.numpy as jnp

CALLBACK_EVERY = 5
_log_fn = print


def log(*args, **kwargs):
    _log_fn(*args, **kwargs)


@dataclasses.dataclass
class MarginalLossFn:
    measurements: list
    norm: str = "l2"

    def __call__(self, marginals):
        total = 0.0
        for clique, y in self.measurements:
            diff = marginals[clique] - y
            total += jnp.sum(diff**2) if self.norm == "l2" else jnp.sum(jnp.abs(diff))
        return total


def primal_feasibility(marginals):
    sizes = [jnp.sum(mu) for mu in marginals.values()]
    return jnp.max(jnp.array(sizes)) - jnp.min(jnp.array(sizes))


@dataclasses.dataclass
class Callback:
    loss_fns: dict
    _call: int = 0
    _logs: list = dataclasses.field(default_factory=list)

    def __call__(self, marginals) -> None:
        step = self._call * CALLBACK_EVERY
        row = [self.loss_fns[key](marginals) for key in self.loss_fns]  # label[a]
        self._logs.append([step] + row)
        log(step, *[f"{v:.6f}"[:6] for v in row], sep="   |   ")
        self._call += 1


def default(measurements):
    """Creates a default Callback with standard loss functions."""
    loss_fns = {
        "L2 Loss": MarginalLossFn(measurements, norm="l2"),
        "L1 Loss": MarginalLossFn(measurements, norm="l1"),
    }
    loss_fns = {key: jax.jit(val.__call__) for key, val in loss_fns.items()}  # label[a]: ACC5
    loss_fns["Primal Feas"] = jax.jit(primal_feasibility)
    return Callback(loss_fns)


def mirror_descent(cliques, measurements, iters, callback_fn):
    marginals = {clique: jnp.full(4, 0.25) for clique in cliques}
    for t in range(iters):
        for clique, y in measurements:
            marginals[clique] = marginals[clique] * jnp.exp(-0.5 * (marginals[clique] - y))
            marginals[clique] = marginals[clique] / marginals[clique].sum()
        if t % CALLBACK_EVERY == 0:
            callback_fn(marginals)  # label[a]
    return marginals


cliques = [("A", "B"), ("B", "C"), ("C", "D")]
key = jax.random.PRNGKey(0)
measurements = []
num_rounds = 10
for round_ in range(num_rounds):
    key, subkey = jax.random.split(key)
    clique = cliques[round_ % len(cliques)]
    measurements.append((clique, jax.nn.softmax(jax.random.normal(subkey, (4,)))))
    marginals = mirror_descent(cliques, measurements, 10, default(measurements))  # label[a]
