# -*- coding: latin-1 -*-
"""Café prices."""
import jax


@jax.jit
def price(y):
    jax.debug.print("\u20ac {!s}", y)
    return y * 2.0
