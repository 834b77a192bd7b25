"""Built-in layers against hand-written JAX: values and gradients, learnables and state."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from acclint.runtime import (AveragePooling2DLayer, BatchNormalizationLayer, DropoutLayer,
                             EmbeddingLayer, FeatureInputLayer, FlattenLayer, GELULayer,
                             GlobalAveragePooling2DLayer, ImageInputLayer,
                             LayerNormalizationLayer, LeakyReLULayer, MaxPooling2DLayer,
                             SequenceInputLayer, SigmoidLayer, TanhLayer, dlarray, dlfeval,
                             dlgradient, dlnetwork, extractdata, forward, predict, rng)
from acclint.runtime import sum as dlsum

RNG = np.random.default_rng(1)
IMAGES = RNG.standard_normal((6, 6, 3, 4)).astype(np.float32)  # "SSCB"
X = dlarray(IMAGES, "SSCB")


def close(a, b, tol=1e-5):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=tol, atol=tol)


def value_and_gradients(layer, x, *, training=True, weights=None):
    """The layer's output and d(sum(output * weights))/d(input, learnables), via dlfeval."""
    net = dlnetwork([layer], x, acceleration="none")

    def loss(net, x):
        if training:
            y, state = forward(net, x)
        else:
            y, state = predict(net, x), None
        total = dlsum(y if weights is None else y * weights)
        return y, state, dlgradient(total, x, net.learnables)

    y, state, (dx, dparams) = dlfeval(loss, net, x)
    return net, y, state, dx, dparams


def test_batchnorm_trains_on_batch_statistics_and_predicts_with_the_running_ones():
    weights = jnp.asarray(RNG.standard_normal(IMAGES.shape), jnp.float32)
    net, y, state, dx, dparams = value_and_gradients(BatchNormalizationLayer(), X,
                                                     weights=weights)
    assert set(net.learnables["batchnormalizationlayer_1"]) == {"offset", "scale"}

    def reference(x, offset, scale):
        mean = x.mean(axis=(0, 1, 3), keepdims=True)
        var = x.var(axis=(0, 1, 3), keepdims=True)
        return scale.reshape(1, 1, -1, 1) * (x - mean) / jnp.sqrt(var + 1e-5) + \
            offset.reshape(1, 1, -1, 1)

    offset, scale = jnp.zeros(3), jnp.ones(3)
    close(extractdata(y), reference(IMAGES, offset, scale))
    grads = jax.grad(lambda *a: jnp.sum(reference(*a) * weights), argnums=(0, 1, 2))(
        jnp.asarray(IMAGES), offset, scale)
    close(extractdata(dx), grads[0], 1e-4)
    close(extractdata(dparams["batchnormalizationlayer_1"]["offset"]), grads[1], 1e-4)
    close(extractdata(dparams["batchnormalizationlayer_1"]["scale"]), grads[2], 1e-4)
    new = state["batchnormalizationlayer_1"]
    close(extractdata(new["trained_mean"]), 0.1 * IMAGES.mean(axis=(0, 1, 3)))
    close(extractdata(new["trained_variance"]), 0.9 + 0.1 * IMAGES.var(axis=(0, 1, 3)))
    net.state = state
    expected = (IMAGES - extractdata(new["trained_mean"]).reshape(1, 1, -1, 1)) / np.sqrt(
        extractdata(new["trained_variance"]).reshape(1, 1, -1, 1) + 1e-5)
    close(extractdata(predict(net, X)), expected)


def test_layernorm_normalises_each_observation_over_space_and_channels():
    net, y, _, dx, _ = value_and_gradients(LayerNormalizationLayer(), X)

    def reference(x):
        mean = x.mean(axis=(0, 1, 2), keepdims=True)
        return (x - mean) / jnp.sqrt(x.var(axis=(0, 1, 2), keepdims=True) + 1e-5)

    close(extractdata(y), reference(IMAGES))
    close(extractdata(dx), jax.grad(lambda x: jnp.sum(reference(x)))(jnp.asarray(IMAGES)), 1e-4)
    seq = dlarray(RNG.standard_normal((5, 2, 7)).astype(np.float32), "CBT")
    _, y, _, _, _ = value_and_gradients(LayerNormalizationLayer(), seq)
    data = extractdata(seq)
    close(extractdata(y), (data - data.mean(0)) / np.sqrt(data.var(0) + 1e-5), 1e-4)


@pytest.mark.parametrize("layer, reducer, init, divide", [
    (MaxPooling2DLayer(2, stride=2), jax.lax.max, -jnp.inf, 1),
    (AveragePooling2DLayer(3, stride=1, padding=1), jax.lax.add, 0.0, 9),
])
def test_pooling_matches_reduce_window(layer, reducer, init, divide):
    _, y, _, dx, _ = value_and_gradients(layer, X)
    pad = 1 if divide == 9 else 0
    size, stride = (3, 1) if divide == 9 else (2, 2)

    def reference(x):
        return jax.lax.reduce_window(x, init, reducer, (size, size, 1, 1), (stride, stride, 1, 1),
                                     ((pad, pad), (pad, pad), (0, 0), (0, 0))) / divide

    close(extractdata(y), reference(IMAGES))
    close(extractdata(dx), jax.grad(lambda x: jnp.sum(reference(x)))(jnp.asarray(IMAGES)))


def test_same_padding_and_global_average_pooling():
    y = predict(dlnetwork([MaxPooling2DLayer(2, stride=2, padding="same")], X), X)
    assert y.shape == (3, 3, 3, 4) and y.fmt == "SSCB"
    weights = jnp.asarray(RNG.standard_normal((1, 1, 3, 4)), jnp.float32)
    _, y, _, dx, _ = value_and_gradients(GlobalAveragePooling2DLayer(), X, weights=weights)
    assert y.shape == (1, 1, 3, 4) and y.fmt == "SSCB"
    close(extractdata(y)[0, 0], IMAGES.mean(axis=(0, 1)))
    close(extractdata(dx), jnp.broadcast_to(weights / 36, IMAGES.shape))


def test_flatten_keeps_the_data_order_and_the_batch():
    weights = jnp.asarray(RNG.standard_normal((108, 4)), jnp.float32)
    _, y, _, dx, _ = value_and_gradients(FlattenLayer(), X, weights=weights)
    assert y.fmt == "CB" and y.shape == (108, 4)
    close(extractdata(y), IMAGES.reshape(108, 4))
    close(extractdata(dx), weights.reshape(IMAGES.shape))


@pytest.mark.parametrize("layer, reference", [
    (LeakyReLULayer(0.2), lambda x: jnp.where(x > 0, x, 0.2 * x)),
    (GELULayer(), lambda x: jax.nn.gelu(x, approximate=False)),
    (GELULayer("tanh"), lambda x: jax.nn.gelu(x, approximate=True)),
    (SigmoidLayer(), jax.nn.sigmoid),
    (TanhLayer(), jnp.tanh),
])
def test_activation_layers(layer, reference):
    _, y, _, dx, _ = value_and_gradients(layer, X)
    close(extractdata(y), reference(IMAGES))
    close(extractdata(dx), jax.grad(lambda x: jnp.sum(reference(x)))(jnp.asarray(IMAGES)))


def test_dropout_scales_kept_values_in_forward_and_is_the_identity_in_predict():
    rng(3)
    net = dlnetwork([DropoutLayer(0.25)], X)
    y, _ = forward(net, X)
    out = np.asarray(extractdata(y))
    kept = out != 0
    close(out[kept], IMAGES[kept] / 0.75)
    assert 0.5 < kept.mean() < 0.95
    close(extractdata(predict(net, X)), IMAGES)
    again, _ = forward(net, X)  # accelerated, the mask is drawn like= the input: fresh
    assert not np.array_equal(np.asarray(extractdata(again)) != 0, kept)
    _, _, _, dx, _ = value_and_gradients(DropoutLayer(0.25), X)
    assert set(np.unique(np.asarray(extractdata(dx)))) <= {0.0, np.float32(1 / 0.75)}


def test_embedding_looks_up_columns_and_gathers_their_gradients():
    indices = dlarray(jnp.array([[[0, 2, 2], [1, 0, 3]]], jnp.float32), "CBT")
    net, y, _, _, dparams = value_and_gradients(EmbeddingLayer(4, 5), indices)
    weights = extractdata(net.learnables["embeddinglayer_1"]["weights"])
    assert y.fmt == "CBT" and y.shape == (4, 2, 3)
    close(extractdata(y)[:, 1, 2], weights[:, 3])
    counts = np.bincount(np.array([0, 2, 2, 1, 0, 3]), minlength=5)
    close(extractdata(dparams["embeddinglayer_1"]["weights"]), np.tile(counts, (4, 1)))


def test_input_layers_label_unformatted_data_and_check_sizes():
    net = dlnetwork([ImageInputLayer((6, 6, 3), normalization="none")])
    assert net.input_names == ("imageinputlayer_1",)
    y = predict(net, dlarray(IMAGES))
    assert y.fmt == "SSCB"
    with pytest.raises(ValueError, match="expects inputs of size"):
        predict(net, dlarray(IMAGES[:5], "SSCB"))
    with pytest.raises(ValueError, match="needs mean="):
        ImageInputLayer((6, 6, 3))
    centred = dlnetwork([ImageInputLayer((6, 6, 3), mean=0.5)])
    close(extractdata(predict(centred, X)), IMAGES - 0.5)
    assert predict(dlnetwork([FeatureInputLayer(3)]), dlarray(np.ones((3, 2)))).fmt == "CB"
    seq = predict(dlnetwork([SequenceInputLayer(3)]), dlarray(np.ones((3, 2, 5))))
    assert seq.fmt == "CBT" and seq.shape == (3, 2, 5)
