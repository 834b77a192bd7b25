# source: https://github.com/pyro-ppl/numpyro/issues/441
# framework: JAX
# fehiepsi's reduction in the thread of why `MCMC.run` did not pick up new data: `jit(f.sample)`
# of a method reading `self.a`, then `f.a = 2` and `jit(f.sample)()` again, "which return 1
# instead of 2" (JAX of 2019). Fine today: each `jit(f.sample)` wraps a new bound-method
# object with a cache of its own, so jax 0.10 traces the second one again (2 traces) and
# returns 2, as eager Python does.
# label: none
# verify: c.jax['sample'] == 2 and close(c.r1, e.r1) and close(c.r2, e.r2)
from jax import jit


class F:
    a = 1

    def sample(self):
        return self.a


f = F()
r1 = jit(f.sample)()

f.a = 2
r2 = jit(f.sample)()
print(r1, r2)
