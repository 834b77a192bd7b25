# source: https://apxml.com/courses/getting-started-with-jax/chapter-6-managing-state-in-jax/pattern-explicit-state-passing
# framework: JAX
# A JAX course chapter on explicit state passing opens with the imperative counter -
# `class Counter: def increment(self): self.count += 1; return self.count` - "not JAX friendly":
# under `jax.jit` the method's attribute update is a Python side effect that runs while tracing
# only. Jitting `counter_obj.increment` and calling it three times returns 1 each time and leaves
# `count` at 1; eagerly it counts 1, 2, 3.
# verify: c.counter_obj.count == 1 and c.outputs == [1, 1, 1] and e.outputs == [1, 2, 3]
import jax


class Counter:
    def __init__(self):
        self.count = 0

    def increment(self):
        self.count += 1  # label: ACC4
        return self.count


counter_obj = Counter()
increment = jax.jit(counter_obj.increment)
outputs = [int(increment()) for _ in range(3)]
print(outputs, counter_obj.count)
