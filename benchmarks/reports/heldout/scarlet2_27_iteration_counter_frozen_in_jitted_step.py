# source: https://github.com/pmelchior/scarlet2/pull/27
# framework: JAX
# scarlet2's `Scene.fit` lets a parameter's step size be a function of the iteration,
# `stepsize(param, it)`, applied by a custom optax transformation whose `update_fn` reads `it`
# from `fit`'s scope; the loop increments `it` after every step. But `_make_step` is
# `eqx.filter_jit`ted and the optimizer reaches it as a static argument: `it` is read once, at
# the first trace, and every later step reuses the step size of iteration 0 ("Current version
# of iteration dependence does not change the iteration number when scene._make_step is
# jitted"). The pull request passes `it` as a traced argument. The module holds `fit` and
# `_make_step` as they were before (commit c79f8f2^), reduced: the scene is an `eqx.Module`
# with one parameter whose model is the parameter itself, the observation a Gaussian
# likelihood of fixed data; constraints, the filter spec, numpyro and tqdm are dropped;
# `max_iter` steps run (the convergence test is off).
# verify: not close(c.fitted_x, e.fitted_x)
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
import optax._src.base as base


class Observation:
    def __init__(self, data):
        self.data = data

    def log_likelihood(self, pred):
        return -0.5 * jnp.sum((self.data - pred) ** 2)


class Scene(eqx.Module):
    x: jax.Array

    def __call__(self):
        return self.x

    def fit(self, observations, max_iter=100, e_rel=1e-4, stepsize=None, **kwargs):
        if not isinstance(observations, (list, tuple)):
            observations = (observations,)
        steps = Scene(x=stepsize)
        it = 0

        def scale_by_stepsize() -> base.GradientTransformation:
            # adapted from optax.scale_by_param_block_norm()
            def init_fn(params):
                del params
                return base.EmptyState()

            def update_fn(updates, state, params):
                if params is None:
                    raise ValueError(base.NO_PARAMS_MSG)
                updates = jax.tree_util.tree_map(
                    lambda u, s, p: -s * u if not callable(s) else -s(p, it) * u,  # label[a]: ACC6
                    # minus because we want gradient descent
                    updates, steps, params)
                return updates, state

            return base.GradientTransformation(init_fn, update_fn)

        # run adam, followed by stepsize adjustments
        optim = optax.chain(
            optax.scale_by_adam(**kwargs),
            scale_by_stepsize(),
        )
        scene = self
        opt_state = optim.init(scene)
        for step in range(max_iter):
            # optimizer step
            scene_, loss, opt_state = _make_step(scene, observations, optim, opt_state)
            scene = scene_
            it += 1  # label[a]
        return scene_


# update step for optax optimizer
@eqx.filter_jit
def _make_step(model, observations, optim, opt_state):

    def loss_fn(model):
        pred = model()
        log_like = sum(obs.log_likelihood(pred) for obs in observations)
        return -log_like

    loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
    updates, opt_state = optim.update(grads, opt_state, model)
    model_ = eqx.apply_updates(model, updates)
    return model_, loss, opt_state


scene = Scene(x=jnp.zeros(3))
observation = Observation(jnp.array([1.0, 2.0, 3.0]))
fitted = scene.fit(observation, max_iter=20, stepsize=lambda p, it: 0.1 * 0.8 ** it)
fitted_x = fitted.x
