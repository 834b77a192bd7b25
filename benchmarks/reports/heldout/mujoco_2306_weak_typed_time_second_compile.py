# source: https://github.com/google-deepmind/mujoco/issues/2306
# framework: JAX
# label: none
# "MJX step compiles twice due to mjx_data.time being a weak type": jitting `mjx.step` compiles
# twice, because `mjx_data.time` starts weakly typed and comes back strongly typed after the first
# step; "since mjx_data.time stays strongly typed from step 2 onwards, successive calls do not
# compile again", and promoting time to a strong type removes the second compile. Reduced to a
# jitted step over a data pytree whose `time` is created weakly typed (MJX's model and dynamics
# left out): two compiles for ten steps, bounded, and the same trajectory as eager - a one-off
# second compile, not a storm.
# verify: c.jax['step'] == 2 and close(c.times, e.times)
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Data(NamedTuple):
    time: jax.Array
    qpos: jax.Array


timestep = jnp.float32(0.002)


@jax.jit
def step(d):
    return Data(time=d.time + timestep, qpos=d.qpos + timestep * jnp.cos(d.qpos))


mjx_data = Data(time=jnp.asarray(0.0), qpos=jnp.zeros(3))  # weakly typed time
times = []
for _ in range(10):
    mjx_data = step(mjx_data)
    times.append(float(mjx_data.time))
print(times)
