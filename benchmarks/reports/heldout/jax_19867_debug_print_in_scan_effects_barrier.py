# source: https://github.com/jax-ml/jax/issues/19867
# framework: JAX
# "process can exit before jax.debug.prints, needs jax.effects_barrier()": a `lax.scan` whose body
# calls `jax.debug.print` on the carry and the element. `jax.debug.print` is a staged effect: it
# runs on every step of every call, not once at trace time; the thread's fix is an
# `effects_barrier()` before the process exits. Fine. The reporter's code, with the barrier.
# label: none
# verify: c.out.count("carry=") == 10 and close(c.out_carry, e.out_carry)
import jax
import jax.numpy as jnp


def scanner(carry, x):
    jax.debug.print("carry={carry} x={x}", carry=carry, x=x)
    return carry + x, x


out = jax.lax.scan(scanner, jnp.array(0.0), jnp.arange(10.0))
jax.effects_barrier()
out_carry = out[0]
