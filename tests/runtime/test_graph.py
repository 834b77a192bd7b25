"""Layer graphs (residual and branching networks) and MATLAB's custom-layer acceleration."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from acclint.runtime import (Acceleratable, AdditionLayer, ConcatenationLayer,
                             Convolution2DLayer, DepthConcatenationLayer, FullyConnectedLayer,
                             Layer, LayerGraph, ReLULayer, addLayers, connectLayers, dlarray,
                             dlfeval, dlgradient, dlnetwork, extractdata, forward, predict, rand,
                             size)
from acclint.runtime import sum as dlsum

RNG = np.random.default_rng(2)
X = dlarray(RNG.standard_normal((5, 5, 2, 3)).astype(np.float32), "SSCB")


def residual_graph():
    graph = LayerGraph([Convolution2DLayer(3, 2, padding="same", name="conv1"),
                        ReLULayer(name="relu1"), AdditionLayer(2, name="add"),
                        ReLULayer(name="relu2")])
    graph = addLayers(graph, Convolution2DLayer(1, 2, name="skip"))
    return connectLayers(graph, "skip", "add/in2")


def test_residual_network_adds_the_skip_branch():
    graph = residual_graph()
    assert ("skip", "add/in2") in graph.connections
    net = dlnetwork(graph, X, X)
    assert net.input_names == ("conv1", "skip") and net.output_names == ("relu2",)
    p = {name: {k: extractdata(v) for k, v in params.items()}
         for name, params in net.learnables.items()}

    def conv(x, w, b, pad):
        return jax.lax.conv_general_dilated(x, w, (1, 1), pad, dimension_numbers=(
            "HWCN", "HWIO", "HWCN")) + b.reshape(1, 1, -1, 1)

    def reference(x):
        main = jax.nn.relu(conv(x, p["conv1"]["weights"], p["conv1"]["bias"], "SAME"))
        return jax.nn.relu(main + conv(x, p["skip"]["weights"], p["skip"]["bias"], "VALID"))

    data = extractdata(X)
    np.testing.assert_allclose(extractdata(predict(net, X, X)), reference(data), rtol=1e-5,
                               atol=1e-5)

    def loss(net, x):
        y, state = forward(net, x, x)
        return state, dlgradient(dlsum(y), x)

    state, dx = dlfeval(loss, net, X)
    assert state == {}
    np.testing.assert_allclose(extractdata(dx), jax.grad(lambda x: jnp.sum(reference(x)))(data),
                               rtol=1e-4, atol=1e-4)


def test_concatenation_along_channels_and_a_dimension():
    graph = LayerGraph([ReLULayer(name="a"), DepthConcatenationLayer(2, name="cat")])
    graph = connectLayers(addLayers(graph, [ReLULayer(name="b")]), "b/out", "cat/in2")
    y = predict(dlnetwork(graph), X, -X)
    assert y.shape == (5, 5, 4, 3) and y.fmt == "SSCB"
    np.testing.assert_allclose(extractdata(y)[:, :, 2:], jax.nn.relu(-extractdata(X)))
    by_axis = connectLayers(addLayers(LayerGraph([ConcatenationLayer(0, 2, name="c")]),
                                      [ReLULayer(name="r")]), "r", "c/in2")
    assert predict(dlnetwork(by_axis), X, X).shape == (10, 5, 2, 3)


def test_graph_errors_say_what_is_wrong():
    graph = residual_graph()
    with pytest.raises(ValueError, match="already connected"):
        connectLayers(graph, "conv1", "add/in2")
    with pytest.raises(ValueError, match="has inputs"):
        connectLayers(graph, "conv1", "add")
    with pytest.raises(ValueError, match="no layer named 'nope'"):
        connectLayers(graph, "nope", "add/in1")
    with pytest.raises(ValueError, match="cycle"):
        connectLayers(connectLayers(addLayers(LayerGraph([AdditionLayer(name="s")]),
                                              ReLULayer(name="r")), "s", "r"), "r", "s/in2")


class PlainNoise(Layer):
    """A custom layer without Acceleratable: MATLAB runs it un-cached."""

    def forward(self, x):
        return x + rand(size(x))

    def predict(self, x):
        return x


class FrozenNoise(PlainNoise, Acceleratable):
    """The same layer with Acceleratable: cached, so its draw is frozen."""

    forward = PlainNoise.forward


def noisy_net(noise):
    return dlnetwork([FullyConnectedLayer(3), noise, ReLULayer(), FullyConnectedLayer(2)],
                     dlarray(np.ones((4, 2), np.float32), "CB"))


def test_a_plain_custom_layer_runs_on_every_call_between_cached_built_in_layers():
    net = noisy_net(PlainNoise())
    x = dlarray(np.ones((4, 2), np.float32), "CB")
    first, second = forward(net, x)[0], forward(net, x)[0]
    assert not np.allclose(extractdata(first), extractdata(second))
    cache = net.accelerated_functions["forward"]
    assert cache.occupancy == 4  # two cached steps around the custom layer, one trace each
    assert cache.hit_rate == 50


def test_the_same_layer_with_acceleratable_is_cached_and_frozen():
    net = noisy_net(FrozenNoise())
    x = dlarray(np.ones((4, 2), np.float32), "CB")
    first, second = forward(net, x)[0], forward(net, x)[0]
    np.testing.assert_array_equal(extractdata(first), extractdata(second))
    assert net.accelerated_functions["forward"].occupancy == 2  # one step, one trace


def test_several_outputs_come_before_the_state_in_the_order_of_their_layers():
    graph = addLayers(LayerGraph([ReLULayer(name="trunk"), FullyConnectedLayer(2, name="a")]),
                      FullyConnectedLayer(3, name="b"))
    net = dlnetwork(connectLayers(graph, "trunk", "b"), X)
    assert net.output_names == ("a", "b")
    a, b, state = forward(net, X)
    assert (a.shape, b.shape, state) == ((2, 3), (3, 3), {})
    assert [y.shape for y in predict(net, X)] == [(2, 3), (3, 3)]
