# source: https://github.com/ttsim-dev/gettsim/pull/877
# framework: JAX
# Label: fine look-alike. GETTSIM's policy functions are dataclass objects that wrap a function;
# as non-frozen dataclasses with `eq=True` they have no hash, and `jax.jit` of them failed. The PR
# freezes the dataclasses, which gives them a hash from their fields, and the jitted policy
# function then works. Checked: the frozen policy function jits, traces once for five households
# of the same shape, and matches the eager result. The Kindergeld rule is a small stand-in.
# label: none
# verify: c.jax['<unnamed function>'] == 1 and close(c.results, e.results)
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class PolicyFunction:
    function: Callable
    leaf_name: str

    def __call__(self, *args):
        return self.function(*args)


def kindergeld(anzahl_kinder, betrag):
    return anzahl_kinder * betrag


policy = PolicyFunction(function=kindergeld, leaf_name="kindergeld_m")
jitted = jax.jit(policy)
results = [jitted(jnp.array([n, n + 1]), 250.0) for n in range(5)]
print(results[-1])
