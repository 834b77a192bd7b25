# -*- coding: latin-1 -*-
import jax


@jax.jit
def f(x):
    s = "été"
    print(s)
