# source: https://github.com/GMW99/jax-docs
# framework: JAX
# GMW99's "Jit with Jax" notes: `log2` appends its input to a module-level `global_list` - a side
# effect the jaxpr ignores; "the tracers do not record the side-effects so they do not appear in
# the jaxpr but they do happen in the trace itself" (the list ends up holding a tracer). Run
# under `jax.jit` three times: the append happens once, while tracing, and stores a tracer;
# eagerly each call appends its value.
# verify: c.appended == 1 and e.appended == 3
import jax
import jax.numpy as jnp

global_list = []


def log2(x):
    global_list.append(x)  # label: ACC4
    ln_x = jnp.log(x)
    ln_2 = jnp.log(2.0)
    return ln_x / ln_2


jit_log2 = jax.jit(log2)
for v in [3.0, 4.0, 8.0]:
    jit_log2(v)
appended = len(global_list)
print(appended)
