# source: https://pytroubles.com/en/posts/id912-jax-jit-and-object-state-fixing-tracerarrayconversionerror-from-in-method-attribute-mutation
# framework: JAX
# A jitted method (`static_argnums=0`) stores an intermediate value on `self.cache`; reading
# the attribute afterwards fails with "TracerArrayConversionError: The numpy.ndarray conversion
# method __array__() was called on traced array": the assignment ran while tracing and stored
# the tracer, not a value. The page's code as written (its `import`s added).
# verify: "TracerArrayConversionError" in c.error and e.error is None
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def host_bootstrap():
    print("This code runs once at the beginning of the program.")
    return jnp.array([1.0, 2.0, 3.0])


class Box:
    @partial(jax.jit, static_argnums=0)
    def apply_jit(self, arr):
        print("This code runs once during the first trace.")
        out = arr * 2
        self.cache = out  # label: ACC4
        return out


# Program execution
payload = host_bootstrap()
box = Box()
out1 = box.apply_jit(payload)  # Tracing happens here
np.array(out1)
error = None
try:
    np.array(box.cache)
except Exception as exc:  # noqa: BLE001 - the page's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
