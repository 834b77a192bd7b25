# source: https://github.com/cgiovanetti/LINX/issues/9
# framework: JAX
# "Changing T_start in AbundanceModel() triggers recompilation": LINX's `AbundanceModel.__call__`
# is an `eqx.filter_jit` method whose keyword `T_start` (the temperature at which integration
# starts) defaults to None and is otherwise a float. `filter_jit` treats a Python float as static,
# so every new `T_start` is a new cache key and the whole abundance network compiles again. The
# issue has no code; reduced to the model's signature and its own "Compiling abundance model..."
# print, with the nuclear network replaced by a weighted sum and a scan over starting
# temperatures as a user varying `T_start` would write it.
# verify: c.out.count('Compiling abundance model') >= 8 and close(c.yields, e.yields)
import equinox as eqx
import jax.numpy as jnp


class AbundanceModel(eqx.Module):
    rates: jnp.ndarray

    def __init__(self):
        self.rates = jnp.linspace(0.1, 1.0, 12)

    @eqx.filter_jit
    def __call__(self, rho_g_vec, eta_fac=jnp.asarray(1.), T_start=None, T_end=None):
        print('Compiling abundance model...')
        if T_start is None:
            T_start = 8.6
        if T_end is None:
            T_end = 6e-3
        T_g_vec = (rho_g_vec / 0.66) ** 0.25
        weights = jnp.exp(-T_g_vec[:12] / T_start) * eta_fac
        return jnp.sum(weights * self.rates) * jnp.log(T_start / T_end)


rho_g_vec = jnp.linspace(10.0, 1e-3, 64)
model = AbundanceModel()
yields = []
for T_start in [8.6, 8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0, 4.5, 4.0]:
    yields.append(model(rho_g_vec, T_start=T_start))  # label: ACC5
print(yields)
