# source: https://github.com/google-deepmind/dm-haiku/issues/632
# framework: JAX
# "Is it perfectly okay to use hk.next_rng_key() inside of a hk.scan function? This takes place
# inside a call method of a haiku module" (worried about JIT compilation). A module whose
# `__call__` scans over steps and draws noise with `hk.next_rng_key()` in the body, the
# transformed `apply` jitted and called with a fresh key each step: every step and every call
# draws new noise, one compile. Fine. The module is written for the question (the thread has
# no code).
# label: none
# verify: c.jax['apply_fn'] == 1 and c.distinct_steps and c.distinct_calls
import haiku as hk
import jax
import jax.numpy as jnp


class NoisyRollout(hk.Module):
    def __call__(self, x, steps=4):
        def body(carry, _):
            noise = jax.random.normal(hk.next_rng_key(), carry.shape)
            carry = carry + noise
            return carry, carry

        _, trajectory = hk.scan(body, x, None, length=steps)
        return trajectory


def forward(x):
    return NoisyRollout()(x)


model = hk.transform(forward)
params = model.init(jax.random.PRNGKey(0), jnp.zeros(2))
apply_fn = jax.jit(model.apply)

key = jax.random.PRNGKey(1)
outs = []
for _ in range(3):
    key, sub = jax.random.split(key)
    outs.append(apply_fn(params, sub, jnp.zeros(2)))
distinct_steps = bool(jnp.all(outs[0][0] != outs[0][1]))
distinct_calls = bool(jnp.all(outs[0] != outs[1]))
print(distinct_steps, distinct_calls)
