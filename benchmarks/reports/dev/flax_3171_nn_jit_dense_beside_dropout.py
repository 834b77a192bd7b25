# source: https://github.com/google/flax/issues/3171
# framework: JAX
# Label: fine look-alike. The user first lifted their whole model with `nn.jit` and hit
# Dropout's RNG handling; their workaround, kept here as written, lifts only the dense layer
# (`nn.jit(nn.Dense)`) inside a compact `__call__` and keeps `nn.Dropout` outside it. A
# maintainer notes it is rare to use `nn.jit` ("usually you just use jax.jit over the
# train_step"); the user confirms it is not a bug. The lifted layer is traced once for the
# one input shape, and initialisation gives the dense kernel and bias (dropout has none).
# Changed: `main()` returns `variables` and the script keeps their shapes, to be checked.
# label: none
# verify: c.jax['core_fn'] <= 2 and c.shapes == {'kernel': (4, 3), 'bias': (3,)}
import jax
import jax.numpy as jnp
import flax.linen as nn

class MyModel(nn.Module):
    num_neurons: int

    @nn.compact
    def __call__(self, x, training: bool):
        x = nn.jit(nn.Dense)(self.num_neurons)(x)
        x = nn.Dropout(rate=0.5, deterministic=not training)(x)
        return x

def main():
    root_key = jax.random.PRNGKey(seed=0)
    main_key, params_key, dropout_key = jax.random.split(key=root_key, num=3)
    my_model = MyModel(num_neurons=3)
    x = jnp.empty((3, 4, 4))
    variables = my_model.init(params_key, x, False)
    return variables

if __name__ == "__main__":
    variables = main()
    shapes = {k: v.shape for k, v in variables['params']['JitDense_0'].items()}
