"""What a MATLAB port reaches for: losses, one-hot encoding, optimisers, array creation, the
0-based dimension traps, `import *` hygiene, and warnings that point at the user's line."""

import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import acclint.runtime as rt
from acclint.runtime import (AccelerationCheckWarning, FullyConnectedLayer, batchnorm,
                             crossentropy, dlaccelerate, dlarray, dlfeval, dlgradient, dlnetwork,
                             dlupdate, extractdata, huber, l1loss, l2loss, mse, onehotdecode,
                             onehotencode, ones, rand, randi, rmspropupdate, sgdmupdate, size,
                             zeros)

RNG = np.random.default_rng(4)
Y = RNG.uniform(0.05, 0.95, (3, 4)).astype(np.float32)
T = RNG.uniform(0, 1, (3, 4)).astype(np.float32)


@pytest.mark.parametrize("loss, reference", [
    (mse, lambda y, t: jnp.sum((y - t) ** 2) / (2 * 4)),
    (l2loss, lambda y, t: jnp.sum((y - t) ** 2) / 4),
    (l1loss, lambda y, t: jnp.sum(jnp.abs(y - t)) / 4),
    (lambda y, t: huber(y, t, 0.3), lambda y, t: jnp.sum(jnp.where(
        jnp.abs(y - t) <= 0.3, 0.5 * (y - t) ** 2, 0.3 * (jnp.abs(y - t) - 0.15))) / 4),
    (lambda y, t: crossentropy(y, t, "independent"),
     lambda y, t: -jnp.sum(t * jnp.log(y) + (1 - t) * jnp.log(1 - y)) / 4),
])
def test_losses_follow_matlab_formulas_and_differentiate(loss, reference):
    y = dlarray(Y, "CB")
    value, grad = dlfeval(lambda y: (loss(y, T), dlgradient(loss(y, T), y)), y)
    assert float(value) == pytest.approx(float(reference(Y, T)), rel=1e-5)
    np.testing.assert_allclose(extractdata(grad), jax.grad(reference)(jnp.asarray(Y), T),
                               rtol=1e-4, atol=1e-6)


def test_batchnorm_spells_matlabs_three_output_forms():
    x = dlarray(RNG.standard_normal((4, 3, 5)).astype(np.float32), "SCB")
    offset, scale = jnp.zeros(3), jnp.ones(3)
    data = extractdata(x)
    mu, var = data.mean(axis=(0, 2)), data.var(axis=(0, 2))
    y, batch_mu, batch_var = batchnorm(x, offset, scale)
    np.testing.assert_allclose(extractdata(batch_mu), mu, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(extractdata(batch_var), var, rtol=1e-5)
    _, run_mu, run_var = batchnorm(x, offset, scale, jnp.zeros(3), jnp.ones(3))
    np.testing.assert_allclose(extractdata(run_mu), 0.1 * mu, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(extractdata(run_var), 0.9 + 0.1 * var, rtol=1e-5)
    inferred = batchnorm(x, offset, scale, mu, var, training=False)
    np.testing.assert_allclose(extractdata(inferred), extractdata(y), rtol=1e-4, atol=1e-5)


def test_onehot_encode_and_decode_round_trip():
    labels = np.array([2, 0, 1, 2])
    encoded = onehotencode(labels, 0, classes=[0, 1, 2], fmt="CB")
    assert encoded.fmt == "CB" and encoded.shape == (3, 4)
    np.testing.assert_array_equal(extractdata(encoded)[:, 0], [0, 0, 1])
    np.testing.assert_array_equal(onehotdecode(encoded, [0, 1, 2], 0), labels)
    np.testing.assert_array_equal(onehotdecode(onehotencode(["b", "a"], 1), ["a", "b"], 1),
                                  ["b", "a"])
    with pytest.raises(ValueError, match="not one of the classes"):
        onehotencode(labels, 0, classes=[0, 1])


def test_rmsprop_and_dlupdate_follow_their_formulas():
    params = {"p": dlarray(jnp.array([1.0, 2.0]))}
    grad = {"p": dlarray(jnp.array([0.5, -1.0]))}
    new, avg = rmspropupdate(params, grad, None, learn_rate=0.1)
    np.testing.assert_allclose(extractdata(avg["p"]), [0.025, 0.1], rtol=1e-6)
    np.testing.assert_allclose(extractdata(new["p"]),
                               [1 - 0.05 / np.sqrt(0.025), 2 + 0.1 / np.sqrt(0.1)], rtol=1e-5)
    decayed = dlupdate(lambda p: p * 0.5, params)
    np.testing.assert_allclose(extractdata(decayed["p"]), [0.5, 1.0])
    stepped, velocity = dlupdate(lambda p, g: (p - g, g * 2), params, grad)
    np.testing.assert_allclose(extractdata(stepped["p"]), [0.5, 3.0])
    np.testing.assert_allclose(extractdata(velocity["p"]), [1.0, -2.0])
    net = dlnetwork([FullyConnectedLayer(2)], dlarray(np.ones((3, 1), np.float32), "CB"))
    zeroed = dlupdate(lambda p: p * 0.0, net)
    assert isinstance(zeroed, dlnetwork)
    assert float(rt.sum(abs(zeroed.learnables["fullyconnectedlayer_1"]["weights"]))) == 0.0


def test_matlab_empty_optimiser_state_says_use_none():
    params = {"p": dlarray(jnp.array([1.0]))}
    with pytest.raises(ValueError, match="is None here"):
        sgdmupdate(params, params, [])


def test_zeros_ones_randi_like():
    x = dlarray(np.ones((2, 3), np.float64).astype(np.float32), "CB")
    z = zeros(size(x), like=x)
    assert z.fmt == "CB" and z.dtype == jnp.float32 and float(rt.sum(z)) == 0.0
    assert float(rt.sum(ones(2, 3))) == 6.0
    draws = np.asarray(randi(3, 1000))
    assert set(np.unique(draws)) == {1.0, 2.0, 3.0}
    assert set(np.unique(np.asarray(randi((5, 6), 200)))) == {5.0, 6.0}

    @dlaccelerate
    def noisy(x):
        return x + randi(10, size(x), like=x)

    assert not np.array_equal(extractdata(noisy(x)), extractdata(noisy(x)))

    @dlaccelerate
    def frozen(x):
        return x + randi(10, size(x))  # no like=: drawn once, baked in

    assert np.array_equal(extractdata(frozen(x)), extractdata(frozen(x)))
    assert [h.family for h in frozen.hazards] == ["ACC1"]


def test_zero_based_dimension_traps():
    x = dlarray(np.ones((4, 4, 3, 2), np.float32), "SSCB")
    assert size(x, 2) == 3  # channels: MATLAB's size(X, 3)
    assert rt.sum(x, 2).shape == (4, 4, 2)  # channels summed: MATLAB's sum(X, 3)
    assert rt.sum(x, "C").shape == (4, 4, 2)
    with pytest.raises(IndexError, match="0-based"):
        size(x, 4)
    np.testing.assert_allclose(extractdata(rt.max(x, axis="S")), np.ones((3, 2)))
    np.testing.assert_allclose(extractdata(rt.min(x, 0.5)), np.full((4, 4, 3, 2), 0.5))


def test_star_import_does_not_shadow_builtins():
    namespace = {}
    exec("from acclint.runtime import *", namespace)
    for name in ("sum", "abs", "max", "min"):
        assert name not in namespace
        assert callable(getattr(rt, name))
    assert "dlnetwork" in namespace and "BatchNormalizationLayer" in namespace


class Jitter(rt.Layer, rt.Acceleratable):
    """Acceleratable, so its host-shaped draw is frozen: check mode notices."""

    def forward(self, x):
        return x + rand(size(x))

    def predict(self, x):
        return x


def test_check_warning_points_at_the_users_line_through_a_network():
    x = dlarray(np.ones((3, 1), np.float32), "CB")
    net = dlnetwork([FullyConnectedLayer(3), Jitter()], x)
    net.accelerated_functions["forward"].check_mode = "tolerance"
    rt.forward(net, x)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rt.forward(net, x)  # the user's line: the warning must point here, not at runtime/
    found = [w for w in caught if issubclass(w.category, AccelerationCheckWarning)]
    assert found and found[0].filename == __file__
