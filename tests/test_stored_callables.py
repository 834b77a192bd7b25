"""A callable handed to an object (flax's `TrainState.create(apply_fn=model.apply)`, a dataclass
field, a constructor that keeps it) and called through that object's attribute inside a traced
body runs in that trace: the module's `__call__` (or the method `method=` names) for a model's
`apply`, the function itself otherwise (issue 33; acclint.analysis.stored). Each spelling
below was written from scratch; the look-alikes are fine."""

import pytest

from labelled import assert_labels_match

REACHED = {
    "trainstate_create_apply_fn_reaches_call": """
        import flax.linen as nn
        import jax
        import optax
        from flax.training.train_state import TrainState

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, scale):
                if scale > 1:  # expect: ACC201
                    x = x * scale
                return nn.Dense(2)(x)

        def make_state(key, x):
            model = Net()
            params = model.init(key, x, 1.0)["params"]
            return TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.1))

        @jax.jit
        def step(state, x, scale):
            return state.apply_fn({"params": state.params}, x, scale)
    """,
    "replace_apply_fn_with_method_named_by_string": """
        import flax.linen as nn
        import jax

        class Coder(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(4)(x)

            def decode(self, z, temperature):
                while temperature > 0.5:  # expect: ACC201
                    temperature = temperature / 2
                return z / temperature

        def rebuilt(state):
            coder = Coder()
            return state.replace(apply_fn=coder.apply)

        def sample(state, z, t):
            return state.apply_fn({"params": state.params}, z, t, method="decode")

        fast_sample = jax.jit(sample)
    """,
    "dataclass_field_given_by_position": """
        import dataclasses

        import jax

        def body(x):
            print("value", x)  # expect: ACC401
            return x + 1

        @dataclasses.dataclass
        class Holder:
            fn: object
            scale: float = 1.0

        HOLDER = Holder(body, 2.0)

        @jax.jit
        def go(x):
            return HOLDER.fn(x) * 2
    """,
    "kept_by_init_called_through_self_in_a_jitted_method": """
        import jax

        def update(params, grad):
            print("update", params)  # expect: ACC401
            return params - grad

        class Solver:
            def __init__(self, fun, lr=0.1):
                self._update = fun
                self.lr = lr

            def step(self, params, grad):
                return self._update(params, self.lr * grad)

        solver = Solver(fun=update)
        fast_step = jax.jit(solver.step)
    """,
    "field_of_a_subclass_called_in_the_base_class_method": """
        import dataclasses

        import jax

        def residual(x):
            return bool(x.sum() > 0)  # expect: ACC202

        @dataclasses.dataclass
        class Solver:
            fun: object

            def step(self, x):
                return self.fun(x)

        class Newton(Solver):
            pass

        solver = Newton(residual)
        fast = jax.jit(solver.step)
    """,
    "keyword_of_an_imported_class": """
        import jax
        from mylib.config import Config

        def loss(y):
            return float(y.sum())  # expect: ACC302

        cfg = Config(loss_fn=loss, steps=10)

        @jax.jit
        def evaluate(y):
            return cfg.loss_fn(y)
    """,
}

FINE = {
    "stored_callable_called_outside_any_trace": """
        import dataclasses

        def body(x):
            print("value", x)
            return x + 1

        @dataclasses.dataclass
        class Holder:
            fn: object

        HOLDER = Holder(body)

        def go(x):
            return HOLDER.fn(x)
    """,
    "trainstate_applied_in_an_eager_evaluation": """
        import flax.linen as nn
        import optax
        from flax.training.train_state import TrainState

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, scale):
                if scale > 1:
                    x = x * scale
                return nn.Dense(2)(x)

        def evaluate(key, x):
            model = Net()
            params = model.init(key, x, 1.0)["params"]
            state = TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.1))
            return state.apply_fn({"params": state.params}, x, 2.0)
    """,
    "another_attribute_called_in_the_trace": """
        import jax

        def body(x):
            print("value", x)
            return x + 1

        class Keeper:
            def __init__(self, fn):
                self.fn = fn

            def other(self, x):
                return x * 2

        keeper = Keeper(body)

        @jax.jit
        def go(x):
            return keeper.other(x)
    """,
    "a_plain_function_call_hands_nothing_to_an_attribute": """
        import jax

        def body(x):
            print("value", x)
            return x + 1

        def register(fn=None):
            return fn

        register(fn=body)

        @jax.jit
        def go(obj, x):
            return obj.fn(x)
    """,
    "a_place_filled_by_position_on_an_object_of_unknown_class": """
        import dataclasses

        import jax

        def allocate(x):
            return int(x.sum())

        @dataclasses.dataclass
        class Fns:
            allocate: object

        def make():
            return Fns(allocate)

        @jax.jit
        def step(fns, x):
            return fns.allocate(x)
    """,
    "a_name_python_containers_have_as_methods": """
        import jax
        from mylib import Hooks

        def body(x):
            print("value", x)
            return x + 1

        HOOKS = Hooks(update=body)

        @jax.jit
        def go(cache, x):
            cache.update(x)
            return x
    """,
}


@pytest.mark.parametrize("name", sorted(REACHED))
def test_a_callable_stored_on_an_object_runs_in_the_trace_calling_it(name):
    assert_labels_match(REACHED[name])


@pytest.mark.parametrize("name", sorted(FINE))
def test_look_alikes_reach_nothing(name):
    assert_labels_match(FINE[name])
