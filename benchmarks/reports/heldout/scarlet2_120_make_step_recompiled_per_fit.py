# source: https://github.com/pmelchior/scarlet2/issues/120
# framework: JAX
# Processing many scenes, the scarlet2 developers saw `Scene._make_step` (an `eqx.filter_jit`
# function) recompiled for every new fit ("There seems to be a cache miss for the `_make_step`
# function in both cases, resulting in it being recompiled for each new fit"). `Scene.fit`
# builds its optimizer on every call: `optax.chain(scale_by_adam(...), scale_by_schedule(...),
# scale_by_stepsize())`, whose transformations are closures made in `fit`, and hands it to
# `_make_step`, where `filter_jit` keys its cache on every non-array argument: a new optimizer
# object is a new cache key. The module holds `fit` and `_make_step` as they were when the
# issue was opened (commit c72e941), reduced: a scene is an `eqx.Module` with one parameter,
# its step size a constant, the observation a Gaussian likelihood of its data; constraints,
# priors, the filter spec, tqdm and the convergence test are dropped. The caller fits one scene
# per observation of a survey (10 in the run).
# verify: c.jax['_make_step'] >= 10
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

    def fit(self, observations, schedule=None, max_iter=100, stepsize=0.1, **kwargs):
        # making sure we can iterate
        if not isinstance(observations, (list, tuple)):
            observations = (observations,)
        steps = Scene(x=stepsize)

        def scale_by_stepsize() -> base.GradientTransformation:
            # adapted from optax.scale_by_param_block_norm()
            def init_fn(params):
                del params
                return base.EmptyState()

            def update_fn(updates, state, params):
                if params is None:
                    raise ValueError(base.NO_PARAMS_MSG)
                updates = jax.tree_util.tree_map(
                    # minus because we want gradient descent
                    lambda u, s, p: None if u is None else -s * u if not callable(s) else -s(p) * u,
                    updates,
                    steps,
                    params,
                    is_leaf=lambda x: x is None,
                )
                return updates, state

            return base.GradientTransformation(init_fn, update_fn)

        # run adam, followed by stepsize adjustments
        optim = optax.chain(  # label[a]
            optax.scale_by_adam(**kwargs),
            optax.scale_by_schedule(schedule if callable(schedule) else lambda x: 1),
            scale_by_stepsize(),
        )
        scene = self
        opt_state = optim.init(scene)
        for step in range(max_iter):
            # optimizer step
            scene, loss, opt_state = _make_step(scene, observations, optim, opt_state)  # label[a]: ACC5
        return scene


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


survey = [Observation(jnp.full(3, float(i))) for i in range(10)]
fitted = []
for observation in survey:
    scene = Scene(x=jnp.zeros(3))
    fitted.append(scene.fit(observation, max_iter=5))  # label[a]
