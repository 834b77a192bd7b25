# source: https://github.com/jax-ml/jax/issues/2515
# framework: JAX
# `my_dev_likelihood` calls `jit(grad(_Likelihood))(...)`: a new `grad` function on every call,
# so every call traces and compiles again. `Likelihood`'s `jit(_Likelihood)` wraps the same
# module-level function each time and finds its cache: that line is fine. The outer loop runs
# 5 tries (the user's `tries = 2`), each calling both twice.
# verify: c.jax['_Likelihood'] >= 10
from jax import grad, jit
from jax.numpy import exp, log, pi, sqrt
from numpy import random

sigma = 5.0
mu = 100.0
N = 10
tries = 5
s0 = sigma + random.randn(tries) * 0.5
s1 = mu + random.randn(tries) * 10.0


def _Likelihood(s, m, w):
    sum = 0
    for _x in w:
        term = -log(1 / (s * sqrt(2.0 * pi)) * exp(-(((_x - m) / s) ** 2) / 2.0))
        sum += term
    return sum


def Likelihood(pars):
    return jit(_Likelihood)(pars[0], pars[1], x)


def my_dev_likelihood(pars):
    return jit(grad(_Likelihood))(pars[0], pars[1], x)  # label[a]: ACC5


for ss, mm in zip(s0, s1):
    x = random.randn(N) * sigma + mu
    my_pars1 = (ss, mm)
    my_pars2 = (ss + 0.1, mm + 0.1)
    Likelihood(my_pars1)
    my_dev_likelihood(my_pars1)  # label[a]
    my_dev_likelihood(my_pars2)  # label[a]
