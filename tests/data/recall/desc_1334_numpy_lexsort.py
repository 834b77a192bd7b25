# source: https://github.com/PlasmaControl/DESC/issues/1334
# `np.lexsort` of traced columns raises TracerArrayConversionError under jit.
import jax
import numpy as np


@jax.jit
def order(modes):
    return np.lexsort((modes[:, 1], modes[:, 0], modes[:, 2]))  # expect: ACC304
