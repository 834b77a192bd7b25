"""ACC602: an nnx Module made at module level, read by a jitted function through its name, and
updated in place (a variable's `.value`, an item of it, the variable replaced) between two calls.

Runs on flax 0.12.8 (benchmarks/framework_runs.py nnx_closure_over_module_updated): each update
is stale under `jax.jit` and `nnx.jit` alike; the Module passed to `nnx.jit` as an argument sees
it (flax/flax#5485, benchmarks/reports/dev/flax_5485_jit_closure_over_nnx_module.py).
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "nnx_jit_call_then_item_write": """
        import jax.numpy as jnp
        from flax import nnx

        model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))

        @nnx.jit
        def forward(x):
            return model(x)  # expect: ACC602

        x = jnp.ones((1, 2))
        y1 = forward(x)
        model.kernel[...] = model.kernel[...] * 2.0
        y2 = forward(x)
    """,
    "kernel_read_updated_in_a_loop": """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        layer = nnx.Linear(2, 3, rngs=nnx.Rngs(0))

        @jax.jit
        def predict(x):
            return x @ layer.kernel.value  # expect: ACC602

        for step in range(10):
            y = predict(jnp.ones((1, 2)))
            layer.kernel.value = layer.kernel.value - 0.1 * y.mean()
    """,
    "value_set_by_a_function_the_loop_runs": """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))

        @jax.jit
        def loss(x):
            return (model(x) ** 2).mean()  # expect: ACC602

        def sgd(lr):
            model.kernel.value = model.kernel.value - lr

        for step in range(100):
            loss(jnp.ones((1, 2)))
            sgd(0.1)
    """,
    # found on c0457a2 already (an object a container holds): kept as a spelling of the property
    "variable_replaced_through_a_chain": """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        net = nnx.Sequential(nnx.Linear(2, 2, rngs=nnx.Rngs(0)))

        @jax.jit
        def run(x):
            return net(x)  # expect: ACC602

        run(jnp.ones(2))
        net.layers[0].bias = nnx.Param(jnp.ones(2))
        run(jnp.ones(2))
    """,
}

LOOK_ALIKES = {
    "module_passed_as_an_argument": """
        import jax.numpy as jnp
        from flax import nnx

        model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))

        @nnx.jit
        def forward(m, x):
            return m(x)

        x = jnp.ones((1, 2))
        y1 = forward(model, x)
        model.kernel.value = model.kernel.value * 2.0
        y2 = forward(model, x)
    """,
    "updated_before_the_first_call": """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))
        model.kernel.value = model.kernel.value * 2.0

        @jax.jit
        def forward(x):
            return model(x)

        forward(jnp.ones((1, 2)))
        forward(jnp.ones((1, 2)))
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_closed_over_nnx_modules_updated_are_found_and_look_alikes_are_not(source):
    assert_labels_match(source)
