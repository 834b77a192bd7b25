"""ACC604 and what resets a cache (issue 36 point 2): a write, by a method, of an attribute a
cached trace reads is not stale when the same method also empties the cache the next call
would reuse, whatever spells the emptying: the method's own reset of what the trace's builder
checks, a method of the same class it calls whose body does that (tunix's `with_loss_fn`
calling `self.clear_jit_cache()`, which sets `self._jitted_train_step_fn = None`), a call
that empties every cache (`jax.clear_caches()`, framework data `clears`), or a new wrapper
bound to the attribute the callers call (`self.step = jax.jit(self._step)`)."""

import pytest

from labelled import assert_labels_match

CLEARS = {
    "a_writer_calling_a_method_that_unsets_the_built_callable_is_fine": """
        import jax

        class Trainer:
            def __init__(self, loss_fn):
                self.loss_fn = loss_fn
                self._jitted = None

            def clear_jit_cache(self):
                self._jitted = None

            def with_loss_fn(self, loss_fn):
                self.clear_jit_cache()
                self.loss_fn = loss_fn
                return self

            def _train_step(self, x):
                return self.loss_fn(x)

            def train(self, x):
                if self._jitted is None:
                    self._jitted = jax.jit(self._train_step)
                return self._jitted(x)
    """,
    "a_writer_reaching_the_unset_through_two_methods_is_fine": """
        import jax

        class Trainer:
            def __init__(self, scale):
                self.scale = scale
                self._compiled = False

            def _invalidate(self):
                self._compiled = False

            def reset(self):
                self._invalidate()

            def set_scale(self, scale):
                self.scale = scale
                self.reset()

            def _kernel(self, x):
                return x * self.scale

            def compile(self):
                if self._compiled:
                    return
                self._step = jax.jit(self._kernel)
                self._compiled = True
    """,
    "a_writer_calling_jax_clear_caches_is_fine": """
        import jax

        class Trainer:
            def __init__(self):
                self.lr = 0.1
                self.update = jax.jit(self._update)

            def _update(self, w, g):
                return w - self.lr * g

            def set_lr(self, lr):
                jax.clear_caches()
                self.lr = lr
    """,
    "a_writer_binding_a_new_wrapper_to_the_called_attribute_is_fine": """
        import jax

        class Trainer:
            def __init__(self):
                self.lr = 0.1
                self.update = jax.jit(self._update)

            def _update(self, w, g):
                return w - self.lr * g

            def set_lr(self, lr):
                self.lr = lr
                self.update = jax.jit(self._update)
    """,
    "a_writer_calling_a_method_that_resets_something_else_is_stale": """
        import jax

        class Trainer:
            def __init__(self, loss_fn):
                self.loss_fn = loss_fn
                self._jitted = None
                self.history = []

            def clear_history(self):
                self.history = []

            def with_loss_fn(self, loss_fn):
                self.clear_history()
                self.loss_fn = loss_fn
                return self

            def _train_step(self, x):
                return self.loss_fn(x)  # expect: ACC604

            def train(self, x):
                if self._jitted is None:
                    self._jitted = jax.jit(self._train_step)
                return self._jitted(x)
    """,
}


@pytest.mark.parametrize("name", sorted(CLEARS))
def test_cache_clears(name):
    assert_labels_match(CLEARS[name])
