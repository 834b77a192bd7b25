# source: https://github.com/google/flax/issues/3251
# framework: JAX
# The user benchmarked a jitted `infer` twice: returning the model's output, and assigning it
# to a global instead. The second looked 30x faster: the global is written only while `infer`
# is traced, so later calls return nothing and the global keeps the first trace's tracer. The
# model is a stand-in (a dense layer on the report's input shape, smaller); `tqdm` and the
# timing are dropped; the loop is the report's `range(1000)` shortened to `num_steps`.
# verify: c.returned is None and "Tracer" in type(c.output).__name__
import jax
import jax.numpy as jnp

input_shape = (1, 8, 8, 3)
params = {"w": jnp.ones((3, 4))}


class model:
    @staticmethod
    def apply(params, x):
        return x @ params["w"]


output = None

@jax.jit
def infer(x):
    global output
    output = model.apply(params, x)  # label: ACC4

infer(jnp.ones(input_shape))

num_steps = 10
for i in range(num_steps):
    returned = infer(jnp.ones(input_shape))
