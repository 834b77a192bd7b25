"""A flax module's `apply` kept in a training state (`TrainState.create(apply_fn=model.apply)`,
`state.replace(apply_fn=...)`) and called through the state in a traced step runs the module's
`__call__`, or the method `method=` names, with what the step passes after the variables: also
where another module defines the module's class (issue 33; acclint.analysis.stored, sent to the
class's module by acclint.analysis.contexts). The run behind it is reach48's (flax 0.12, jax
0.10: `TrainState.create(apply_fn=m.apply).apply_fn == m.apply`, the step traces `__call__`
once; docs/contexts.md): where the class is defined changes nothing at run time.

Each spelling fails at a19d649 (`scale` is not known traced in the class's module); the
look-alikes pass on both."""

from two_modules import found_in, labelled_in, write_files

MODELS = """
    import flax.linen as nn

    class Net(nn.Module):
        features: int = 2

        @nn.compact
        def __call__(self, x, scale):
            h = nn.Dense(self.features)(x)
            return h / scale if scale else h  # expect: ACC203

    class Coder(nn.Module):
        latent: int = 16

        def setup(self):
            self.proj = nn.Dense(self.latent)

        def __call__(self, x):
            return self.proj(x)

        def decode(self, z, steps):
            out = self.proj(z)
            if steps > 1:  # expect: ACC201
                out = self.proj(out)
            return out

    class Head(nn.Module):
        @nn.compact
        def __call__(self, x, train):
            return float(train) * x  # expect: ACC302
"""

SPELLINGS = {
    "models/__init__.py": "",
    "models/nets.py": MODELS,
    # The class imported by name, the state made in a helper, the step jitted by decorator.
    "train.py": """
        import jax
        import optax
        from flax.training.train_state import TrainState
        from models.nets import Net

        def init_train_state(rng, sample, lr):
            net = Net(features=8)
            variables = net.init(rng, sample, 1.0)
            return TrainState.create(apply_fn=net.apply, params=variables["params"], tx=optax.adam(lr))

        @jax.jit
        def train_step(state, batch, temperature):
            logits = state.apply_fn({"params": state.params}, batch, temperature)
            return logits.mean()
    """,
    # The module imported whole, `replace(apply_fn=...)`, the method named by a string.
    "sample.py": """
        import jax
        import models.nets as nets

        def rebuilt(state):
            coder = nets.Coder()
            return state.replace(apply_fn=coder.apply)

        def sample(state, z, t):
            return state.apply_fn({"params": state.params}, z, t, method="decode")

        fast_sample = jax.jit(sample)
    """,
    # A module-level model, the step handed to jax.jit, `rngs=` kept by `apply` itself.
    "evaluate.py": """
        import jax
        from flax.training import train_state
        from models import nets

        HEAD = nets.Head()

        def build(params, tx):
            return train_state.TrainState.create(apply_fn=HEAD.apply, params=params, tx=tx)

        def evaluate(state, x, train, key):
            return state.apply_fn({"params": state.params}, x, train, rngs={"dropout": key})

        fast = jax.jit(evaluate)
    """,
}

LOOK_ALIKES = {
    "models/__init__.py": "",
    "models/nets.py": MODELS.replace("  # expect: ACC201", "").replace("  # expect: ACC302", ""),
    # The state's `apply_fn` called only in host code; a step passing Python constants where
    # `__call__` tests them; another attribute of the state called.
    "train.py": """
        import jax
        from flax.training.train_state import TrainState
        from models.nets import Coder, Head, Net

        def make_state(params, tx):
            return TrainState.create(apply_fn=Net().apply, params=params, tx=tx)

        def report(state, x, scale):
            return state.apply_fn({"params": state.params}, x, scale)

        def make_other(params, tx):
            head = Head()
            return TrainState.create(apply_fn=head.apply, params=params, tx=tx)

        @jax.jit
        def step(state, x):
            return state.apply_fn({"params": state.params}, x, True)
    """,
}



def test_a_stored_apply_of_a_module_class_of_another_module_reaches_its_method(tmp_path):
    root = write_files(tmp_path, SPELLINGS)
    assert found_in(root) == labelled_in(root, SPELLINGS)


def test_look_alikes_reach_nothing_traced(tmp_path):
    root = write_files(tmp_path, LOOK_ALIKES)
    assert found_in(root) == set()
