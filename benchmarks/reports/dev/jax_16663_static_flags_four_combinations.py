# source: https://github.com/jax-ml/jax/issues/16663
# framework: JAX
# The benchmark: `f` jitted with two static flags is run for each of the four
# combinations of (HOIST_UPDATE, HOIST_INDEX), timing how hoisting a value out of a `lax.cond`
# changes the runtime. One compile per combination, four in all: a bounded set. The arrays are
# 500 long and the loop 1,000 steps instead of 50,000 and 100,000, and the timing is one call.
# label: none
# verify: c.jax['f'] == 4 and close(c.results, e.results)
import timeit

import jax
import jax.lax as lax
import jax.numpy as jnp


def branch1(step, arr):
    return True, step, arr


def branch2(step, arr):
    return True, step, arr.at[0].set(0)


def f(HOIST_UPDATE, HOIST_INDEX):
    def cond(carry):
        step, _, _ = carry
        return step < 1_000

    def body(carry):
        step, arr, arr2 = carry
        update, index, new_arr = lax.cond(
            step < 2_000, branch1, branch2, step, arr
        )
        if HOIST_UPDATE:
            update = True
        if HOIST_INDEX:
            index = step
        val = jnp.where(update, step, arr2[index])
        new_arr2 = lax.dynamic_update_index_in_dim(arr2, val, index, axis=0)
        return step + 1, new_arr, new_arr2

    init_carry = (0, jnp.zeros(500), jnp.zeros(1_000))
    return lax.while_loop(cond, body, init_carry)


f = jax.jit(f, static_argnames=['HOIST_UPDATE', 'HOIST_INDEX'])

results = []
for HOIST_UPDATE in (False, True):
    for HOIST_INDEX in (False, True):
        results.append(f(HOIST_UPDATE, HOIST_INDEX)[2])
        print(HOIST_UPDATE, HOIST_INDEX, timeit.timeit(lambda: f(HOIST_UPDATE, HOIST_INDEX), number=1))
