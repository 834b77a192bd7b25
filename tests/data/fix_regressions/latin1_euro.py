# -*- coding: latin-1 -*-
"""Café prices."""
import jax


@jax.jit
def price(y):
    print("\u20ac", y)
    return y * 2.0
