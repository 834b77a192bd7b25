"""A pad whose width subtracts the new size from a fixed target (`F.pad(x, (0, 16 - n))`,
`np.pad(x, (0, MAX - len(x)))`) is ACC503's own advice: its result has the target's shape, so
it is no new shape (run: jax 0.10, 10 sizes padded to 16: 1 compile, `np.pad(x, (0, n))` 10;
torch 2.13 `dynamic=False`, benchmarks/torch_docs d4: 1 compile).
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "padded_by_the_new_size": """
        import jax
        import numpy as np

        f = jax.jit(lambda x: x * 2)
        for n in range(1, 100):
            f(np.pad(np.ones(n), (0, n)))  # expect: ACC503
    """,
    "a_fixed_array_padded_by_a_new_width": """
        import jax
        import numpy as np

        f = jax.jit(lambda x: x * 2)
        for n in range(1, 100):
            f(np.pad(np.ones(4), (0, n)))  # expect: ACC503
    """,
    "torch_dynamic_false_unpadded": """
        import torch

        model = torch.compile(torch.nn.Linear(8, 2), dynamic=False)
        for n in range(1, 100):
            model(torch.randn(n, 8))  # expect: ACC503
    """,
}

LOOK_ALIKES = {
    "torch_padded_to_a_target": """
        import torch

        model = torch.compile(torch.nn.Linear(8, 2), dynamic=False)
        for n in range(1, 17):
            x = torch.randn(n, 8)
            padded = torch.nn.functional.pad(x, (0, 0, 0, 16 - n))
            model(padded)
    """,
    "jax_padded_to_a_max_by_its_length": """
        import jax
        import jax.numpy as jnp
        import numpy as np

        MAX = 64
        f = jax.jit(lambda x: x * 2)
        for n in range(1, 60):
            x = np.ones(n)
            f(jnp.pad(x, (0, MAX - len(x))))
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_a_pad_to_a_fixed_target_is_no_new_shape(source):
    assert_labels_match(source)
