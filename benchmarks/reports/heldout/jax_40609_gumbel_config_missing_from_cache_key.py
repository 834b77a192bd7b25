# source: https://github.com/jax-ml/jax/issues/40609
# framework: JAX
# `jax_high_dynamic_range_gumbel` changes how `jax.random.gumbel` samples, but it is not part
# of the jit cache key: after `jax.config.update(FLAG, True)` the already compiled callable
# "silently continues using the sampling mode active during its first compilation", until
# `jax.clear_caches()`. A configuration value read while tracing, changed after the trace was
# built, and ignored by the later call. The report's reproducer as written, without its
# cache-size print (a private method) and its closing `assert`s (they assert the buggy
# behaviour, which the eager twin does not have).
# verify: not close(c.after_update, e.after_update)
import numpy as np
import jax
import jax.random as jr

FLAG = "jax_high_dynamic_range_gumbel"
KEY = jr.PRNGKey(0)

jax.config.update(FLAG, False)
jax.clear_caches()

f = jax.jit(lambda key: jr.gumbel(key, (4,)))

low = np.asarray(f(KEY))

# Change the documented runtime configuration without clearing caches.
jax.config.update(FLAG, True)  # label[a]
after_update = np.asarray(f(KEY))  # label[a]: ACC6

print("low:                       ", low)
print("same callable, flag=True:  ", after_update)

# Force a fresh compilation under flag=True.
jax.clear_caches()
fresh_high = np.asarray(f(KEY))

print("after jax.clear_caches():  ", fresh_high)
