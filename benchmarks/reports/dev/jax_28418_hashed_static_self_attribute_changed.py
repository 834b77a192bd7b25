# source: https://github.com/jax-ml/jax/issues/28418
# framework: JAX
# A method jitted with `self` static, on a class whose `__hash__` is `hash(self.a)` (and whose
# `__eq__` is identity): after `obj.a = 2` the second call sometimes retraces (3) and
# sometimes returns the cached result of `a = 1` (2), as the report's five repetitions show;
# on jax 0.10 (a check run by hand) every second call returned the stale 2. The trace read
# `self.a`, a value the program changes after the trace; eagerly the second call always
# returns 3. (The tracing print is removed.)
# verify: not close(c.results, e.results)
from functools import partial

import jax


class MyClass:
    def __init__(self):
        self.a = 1

    @partial(jax.jit, static_argnums=0)
    def f(self):
        return self.a + 1  # label[a]: ACC6

    def __hash__(self):
        return hash(self.a)


results = []
for i in range(5):
    obj = MyClass()
    results.append(obj.f())
    obj.a = 2  # label[a]
    results.append(obj.f())
print(results)
