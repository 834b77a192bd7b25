"""nnx module state (acclint.analysis.modules.ModuleClasses.writes_kept): nnx transforms carry a
module's variables, the values of the array leaves its `__init__` made, and its structure (Python
values written to it) out of the trace, so writing them is no ACC409 (verified with flax 0.12.8:
four nnx.jit calls leave `count` at 4 and `index` cycling). A traced value written to a new
attribute leaks a tracer (UnexpectedTracerError under nnx.jit) and is still reported."""

from labelled import assert_labels_match


def test_nnx_state_writes_are_kept_and_leaks_reported():
    assert_labels_match("""
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class RoundTable(nnx.Module):
            def __init__(self, din, rngs):
                self.count = jnp.array(0)
                self.key = jax.random.key(0)
                self.next_index = 0
                self.w = nnx.Param(jnp.ones(din))

            def __call__(self, x):
                self.count += 1
                self.key = jax.random.split(self.key)[0]
                self.next_index = (self.next_index + 1) % 3
                self.din = 4
                y = x * self.w[...]
                self.max_logits = y.max()  # expect: ACC409
                self.total += y.sum()  # expect: ACC409
                return y

        class Plain:
            def __init__(self):
                self.step = jax.jit(self._step)
                self.count = jnp.array(0)

            def _step(self, x):
                self.count += 1  # expect: ACC409
                return x * 2
    """)
