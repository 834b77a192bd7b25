# source: https://github.com/JaXRTS/jaxrts/pull/76
# framework: JAX
# jaxrts users build a `Setup` with `instrument=partial(instrument_gaussian, sigma=...)`, as
# the getting-started example does, and call the jitted `PlasmaState.probe(setup)`. `Setup`
# wraps the instrument in `jax.tree_util.Partial`, whose function is part of the pytree
# structure: a new `functools.partial` object (hashed by identity) is a new cache key, so
# "creating the standard setup twice and running `probe` after, each time, we were always
# recompiling as the instrument function given to the `Setup` was a new object". The pull
# request turns instrument functions into classes with traced parameters. The module holds
# `Setup`'s flattening and the jitted `probe` as they were before (commit 510dcc8b), reduced:
# no units, the state is one temperature, the structure factor a Gaussian line; the caller
# probes one setup per scattering angle of a scan (10 in the run), each built as the example
# builds it.
# verify: c.jax['probe'] >= 10
from functools import partial

import jax
import jax.numpy as jnp


def instrument_gaussian(x, sigma):
    return jnp.exp(-0.5 * (x / sigma) ** 2) / (jnp.sqrt(2 * jnp.pi) * sigma)


class Setup:
    def __init__(self, scattering_angle, energy, measured_energy, instrument):
        self.scattering_angle = scattering_angle
        self.energy = energy
        self.measured_energy = measured_energy
        self.instrument = jax.tree_util.Partial(instrument)

    def _tree_flatten(self):
        children = (
            self.scattering_angle,
            self.energy,
            self.measured_energy,
            self.instrument,
        )
        aux_data = ()  # static values
        return (children, aux_data)

    @classmethod
    def _tree_unflatten(cls, aux_data, children):
        obj = object.__new__(cls)
        (
            obj.scattering_angle,
            obj.energy,
            obj.measured_energy,
            obj.instrument,
        ) = children
        return obj


class PlasmaState:
    def __init__(self, T_e):
        self.T_e = T_e

    @jax.jit
    def probe(self, setup: Setup):
        omega = setup.measured_energy - setup.energy
        k = jnp.sin(setup.scattering_angle / 2)
        S = jnp.exp(-0.5 * (omega / (k * self.T_e)) ** 2)
        grid = omega - jnp.mean(omega)
        return jnp.convolve(S, setup.instrument(grid), mode="same")

    def _tree_flatten(self):
        return (self.T_e,), ()

    @classmethod
    def _tree_unflatten(cls, aux_data, children):
        return cls(*children)


jax.tree_util.register_pytree_node(Setup, Setup._tree_flatten, Setup._tree_unflatten)
jax.tree_util.register_pytree_node(
    PlasmaState, PlasmaState._tree_flatten, PlasmaState._tree_unflatten)

state = PlasmaState(T_e=jnp.array(20.0))
spectra = []
for angle in jnp.linspace(0.5, 1.5, 10):
    setup = Setup(
        scattering_angle=angle,
        energy=jnp.array(4700.0),
        measured_energy=4700.0 + jnp.linspace(-100, 40, 500),
        instrument=partial(  # label[a]
            instrument_gaussian,
            sigma=5.0 / (2 * jnp.sqrt(2 * jnp.log(2))),
        ),
    )
    spectra.append(state.probe(setup))  # label[a]: ACC5
