"""Layers, dlnetwork, forward/predict acceleration, custom Acceleratable layers, optimisers."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from acclint.runtime import (Acceleratable, Convolution2DLayer, FullyConnectedLayer, Layer,
                             ReLULayer, SoftmaxLayer, adamupdate, crossentropy, dims, dlarray,
                             dlaccelerate, dlconv, dlfeval, dlgradient, dlnetwork, extractdata,
                             forward, fullyconnect, predict, sgdmupdate, size, softmax)

RNG = np.random.default_rng(0)
X = dlarray(RNG.random((6, 6, 1, 4), dtype=np.float32), "SSCB")
T = dlarray(jax.nn.one_hot(jnp.array([0, 1, 2, 1]), 3).T, "CB")


def layers():
    return [Convolution2DLayer(3, 2, padding="same"), ReLULayer(), FullyConnectedLayer(3),
            SoftmaxLayer()]


def model_loss(net, x, t):
    y, state = forward(net, x)
    loss = crossentropy(y, t)
    return loss, dlgradient(loss, net.learnables), state


def test_network_initialises_learnables_from_an_example_input():
    net = dlnetwork(layers(), X)
    shapes = {layer: {name: size(value) for name, value in params.items()}
              for layer, params in net.learnables.items()}
    assert shapes == {"convolution2dlayer_1": {"weights": (3, 3, 1, 2), "bias": (2,)},
                      "fullyconnectedlayer_3": {"weights": (3, 72), "bias": (3,)}}
    assert net.state == {}
    with pytest.raises(ValueError, match="not initialised; pass an example input"):
        dlnetwork(layers())


def test_layer_names_must_be_unique():
    with pytest.raises(ValueError, match="two layers are named 'a'"):
        dlnetwork([ReLULayer(name="a"), ReLULayer(name="a")])


def test_predict_gives_probabilities_per_observation():
    y = predict(dlnetwork(layers(), X), X)
    assert dims(y) == "CB" and size(y) == (3, 4)
    np.testing.assert_allclose(np.asarray(extractdata(y)).sum(axis=0), 1.0, rtol=1e-5)


def test_forward_and_predict_are_accelerated_unless_none():
    net = dlnetwork(layers(), X)
    functions = net.accelerated_functions
    predict(net, X)
    predict(net, X + 1.0)
    forward(net, X)
    assert functions["predict"].hit_rate == 50 and functions["forward"].occupancy == 2
    plain = dlnetwork(layers(), X, acceleration="none")
    assert plain.accelerated_functions == {} and plain.acceleration == "none"
    np.testing.assert_allclose(extractdata(predict(plain, X)), extractdata(predict(plain, X)))


def test_conv_and_fully_connected_match_direct_jax():
    w = jnp.asarray(RNG.standard_normal((3, 3, 1, 2)), jnp.float32)
    b = jnp.array([0.5, -0.5], jnp.float32)
    y = dlconv(X, w, b, padding="same")
    x_nhwc = jnp.transpose(extractdata(X), (3, 0, 1, 2))
    expected = jax.lax.conv_general_dilated(x_nhwc, w, (1, 1), "SAME",
                                            dimension_numbers=("NHWC", "HWIO", "NHWC")) + b
    assert dims(y) == "SSCB"
    np.testing.assert_allclose(extractdata(y), jnp.transpose(expected, (1, 2, 3, 0)), rtol=1e-5,
                               atol=1e-5)
    assert size(dlconv(X, w, b, stride=2)) == (2, 2, 2, 4)
    fc = fullyconnect(y, jnp.ones((3, 72)), jnp.zeros(3))
    assert dims(fc) == "CB"
    np.testing.assert_allclose(extractdata(fc)[0], extractdata(y).reshape(-1, 4).sum(0),
                               rtol=1e-5)


def test_softmax_and_crossentropy_follow_matlab():
    y = softmax(dlarray(jnp.array([[1.0, 2.0], [3.0, 0.0]]), "CB"))
    np.testing.assert_allclose(extractdata(y).sum(0), [1.0, 1.0], rtol=1e-6)
    t = dlarray(jnp.array([[1.0, 0.0], [0.0, 1.0]]), "CB")
    expected = -(np.log(float(extractdata(y)[0, 0])) + np.log(float(extractdata(y)[1, 1]))) / 2
    assert float(crossentropy(y, t)) == pytest.approx(expected, rel=1e-6)
    with pytest.raises(ValueError, match="formatted dlarray"):
        softmax(jnp.ones((2, 2)))


def test_training_with_sgdm_lowers_the_loss_and_hits_the_cache():
    net = dlnetwork(layers(), X)
    first = None
    vel = None
    for _ in range(8):
        loss, grads, _ = dlfeval(model_loss, net, X, T)
        first = float(loss) if first is None else first
        net, vel = sgdmupdate(net, grads, vel, learn_rate=0.5)
    assert float(loss) < first
    assert net.accelerated_functions["forward"].hit_rate == pytest.approx(700 / 8)


def test_sgdm_and_adam_follow_their_formulas():
    params = {"p": dlarray(jnp.array([1.0, 2.0]))}
    grad = {"p": dlarray(jnp.array([0.5, -1.0]))}
    new, vel = sgdmupdate(params, grad, None, learn_rate=0.1, momentum=0.9)
    np.testing.assert_allclose(extractdata(vel["p"]), [-0.05, 0.1], rtol=1e-6)
    np.testing.assert_allclose(extractdata(new["p"]), [0.95, 2.1], rtol=1e-6)
    new, avg, sq = adamupdate(params, grad, None, None, 1, learn_rate=0.1)
    np.testing.assert_allclose(extractdata(avg["p"]), [0.05, -0.1], rtol=1e-5)
    np.testing.assert_allclose(extractdata(sq["p"]), [0.00025, 0.001], rtol=1e-4)
    np.testing.assert_allclose(extractdata(new["p"]), [0.9, 2.1], rtol=1e-4)
    with pytest.raises(ValueError, match="structure"):
        sgdmupdate(params, {"q": grad["p"]}, None)


def test_optimiser_returns_a_new_network():
    net = dlnetwork(layers(), X)
    _, grads, _ = dlfeval(model_loss, net, X, T)
    updated, _ = sgdmupdate(net, grads, None)
    before = extractdata(net.learnables["fullyconnectedlayer_3"]["bias"])
    after = extractdata(updated.learnables["fullyconnectedlayer_3"]["bias"])
    assert not np.array_equal(before, after)
    assert updated.accelerated_functions["forward"] is net.accelerated_functions["forward"]


class Scale(Layer, Acceleratable):
    """A custom layer with a learnable scale and a state counting forward passes."""

    learnable_names = ("scale",)
    state_names = ("passes",)

    def __init__(self, name="scale"):
        super().__init__(name)
        self.scale = dlarray(jnp.array(2.0))
        self.passes = dlarray(jnp.array(0.0))

    def predict(self, x):
        return x * self.scale, {"passes": self.passes}

    def forward(self, x):
        return x * self.scale, {"passes": self.passes + 1}


class Shift(Scale):
    """Inherits Acceleratable through its parent and overrides predict."""

    def predict(self, x):
        return x + self.scale, {"passes": self.passes}


def test_custom_acceleratable_layers_are_cached_per_class():
    assert Scale.predict.__class__.__name__ == "AcceleratedFunction"
    layer = Scale()
    layer.predict(X)
    layer.predict(X * 2.0)
    assert Scale.predict.hit_rate == 50
    Shift().predict(X)
    assert Shift.predict.occupancy == 2  # its own cache


def test_stateful_layers_return_state_from_forward():
    net = dlnetwork([Scale(), FullyConnectedLayer(3)], X, acceleration="none")
    y, state = forward(net, X)
    assert float(state["scale"]["passes"]) == 1.0
    net.state = state
    _, state = forward(net, X)
    assert float(state["scale"]["passes"]) == 2.0
    with pytest.raises(ValueError, match="exactly the layers and parameters"):
        net.state = {"scale": {}}


def test_gradients_through_a_custom_layer():
    net = dlnetwork([Scale(), FullyConnectedLayer(3), SoftmaxLayer()], X)
    _, grads, _ = dlfeval(model_loss, net, X, T)
    assert set(grads) == {"scale", "fullyconnectedlayer_2"}
    assert float(abs(extractdata(grads["scale"]["scale"]))) > 0


def test_acceleratable_needs_a_layer():
    with pytest.raises(TypeError, match="Acceleratable is for custom layers"):
        class NotALayer(Acceleratable):
            def predict(self, x):
                return x


class Power(Layer):
    """A custom layer whose configuration (``power``, with a class default) decides its output."""

    learnable_names = ("gain",)
    power = 2

    def __init__(self, power, name="power"):
        super().__init__(name)
        self.power = power
        self.gain = dlarray(jnp.array(1.0))

    def predict(self, x):
        return self.gain * x ** self.power


def assign(layer):
    layer.power = 3
    return layer


def delete(layer):
    del layer.power  # back to the class default, 2
    return layer


def rebuilt_then_assigned(layer):
    return assign(jax.tree_util.tree_map(lambda leaf: leaf, layer))


@pytest.mark.parametrize("power, change, expected", [
    (2, assign, [1, 8]),
    (2, lambda layer: layer.replace(power=3), [1, 8]),
    (3, delete, [1, 4]),
    (2, rebuilt_then_assigned, [1, 8]),
])
def test_a_layers_configuration_changed_after_a_trace_is_in_the_next_key(
        power, change, expected):
    acc = dlaccelerate(lambda layer, x: layer.predict(x))
    layer, x = Power(power), dlarray(jnp.array([1.0, 2.0]), "C")
    acc(layer, x)
    np.testing.assert_array_equal(extractdata(acc(change(layer), x)), expected)
    assert acc.hit_rate == 0 and acc.occupancy == 4


def test_new_learnables_of_a_layer_replay_its_trace():
    acc = dlaccelerate(lambda layer, x: layer.predict(x))
    layer, x = Power(2), dlarray(jnp.array([1.0, 2.0]), "C")
    acc(layer, x)
    doubled = layer.replace(gain=dlarray(jnp.array(2.0)))
    np.testing.assert_array_equal(extractdata(acc(doubled, x)), [2, 8])
    assert acc.hit_rate == 50
