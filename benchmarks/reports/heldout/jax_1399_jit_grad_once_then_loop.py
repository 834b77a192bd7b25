# source: https://github.com/jax-ml/jax/issues/1399
# framework: JAX
# `res = jax.jit(jax.grad(func))` once, then called in a loop: the first call compiles (slowly:
# the Python loop over NUM_ARG is unrolled), later calls reuse it. The user asked why only the
# first call was slow; nothing recompiles. Fine. Sizes lowered.
# label: none
# verify: c.jax['func'] == 1
import time

import jax
import jax.numpy as np
import numpy as onp

NUM_VAR = 10**2
NUM_ARG = 20

var_onp = onp.random.rand(NUM_VAR)
var = np.asarray(var_onp)


def func(arg):
    divider = 0
    numerator = 0
    for i in range(NUM_ARG):
        temp = np.dot(arg[i], var)
        temp1 = np.sin(temp)
        temp2 = np.cos(temp)
        divid = np.power(np.add(temp1, temp2), 2)
        divid = np.sum(divid)
        numer = np.power(np.sum(np.add(temp1, temp2)), 2)
        numerator = np.add(numer, numerator)
        divider = np.add(divider, divid)
    divider = np.power(divider, 1 / 2)
    return np.log(np.divide(numerator, divider))


res = jax.jit(jax.grad(func))

arg = onp.random.rand(NUM_ARG)
real_args = np.asarray(arg)
start = time.time()
print(res(real_args))
end = time.time()

for step in range(10):
    arg = onp.random.rand(NUM_ARG)
    real_args = np.asarray(arg)
    res(real_args)
