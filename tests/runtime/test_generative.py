"""Issue 23, point 2: dltranspconv, groupnorm and instancenorm (and their layers) against NumPy
references, and their gradients against finite differences."""

import numpy as np
import pytest
from checks import gradient_check

import acclint.runtime as rt
from acclint.runtime import (GroupNormalizationLayer, ImageInputLayer,
                             InstanceNormalizationLayer, TransposedConvolution2DLayer, dlarray,
                             dltranspconv, dlnetwork, extractdata, groupnorm, instancenorm,
                             predict)

RNG = np.random.default_rng(11)
X = RNG.standard_normal((3, 4, 2, 2)).astype(np.float32)  # "SSCB"
W = RNG.standard_normal((3, 2, 5, 2)).astype(np.float32)  # h, w, filters, channels
BIAS = RNG.standard_normal(5).astype(np.float32)


def transpconv_reference(x, w, b, stride, crop):
    """Each input pixel scatters its weighted filter into the output (the definition)."""
    h, wd, c, n = x.shape
    fh, fw, f, _ = w.shape
    out = np.zeros(((h - 1) * stride + fh, (wd - 1) * stride + fw, f, n), np.float32)
    for i in range(h):
        for j in range(wd):
            out[i * stride:i * stride + fh, j * stride:j * stride + fw] += np.einsum(
                "hwfc,cn->hwfn", w, x[i, j])
    out = out[crop:out.shape[0] - crop, crop:out.shape[1] - crop]
    return out + b.reshape(1, 1, -1, 1)


def groupnorm_reference(x, groups, offset, scale, eps=1e-5):
    h, w, c, n = x.shape
    g = x.reshape(h, w, groups, c // groups, n)
    mean = g.mean(axis=(0, 1, 3), keepdims=True)
    var = g.var(axis=(0, 1, 3), keepdims=True)
    y = ((g - mean) / np.sqrt(var + eps)).reshape(x.shape)
    return scale.reshape(1, 1, -1, 1) * y + offset.reshape(1, 1, -1, 1)


@pytest.mark.parametrize("stride, crop", [(1, 0), (2, 0), (2, 1)])
def test_dltranspconv_matches_the_scatter_definition(stride, crop):
    y = dltranspconv(dlarray(X, "SSCB"), W, BIAS, stride=stride, cropping=crop)
    expected = transpconv_reference(X, W, BIAS, stride, crop)
    assert y.fmt == "SSCB" and y.shape == expected.shape
    np.testing.assert_allclose(extractdata(y), expected, rtol=1e-4, atol=1e-5)


def test_dltranspconv_gradients_pass_a_finite_difference_check():
    def loss(x, w, b):
        return rt.sum(dltranspconv(dlarray(x, "SSCB"), w, b, stride=2, cropping=1) ** 2)

    gradient_check(loss, X, W, BIAS)


@pytest.mark.parametrize("groups", [1, 2, 4, "channel-wise", "all-channels"])
def test_groupnorm_matches_the_numpy_reference(groups):
    x = RNG.standard_normal((3, 3, 4, 2)).astype(np.float32)
    offset, scale = RNG.standard_normal(4).astype(np.float32), RNG.uniform(0.5, 2, 4).astype(
        np.float32)
    count = {"channel-wise": 4, "all-channels": 1}.get(groups, groups)
    y = groupnorm(dlarray(x, "SSCB"), groups, offset, scale)
    np.testing.assert_allclose(extractdata(y), groupnorm_reference(x, count, offset, scale),
                               rtol=1e-4, atol=1e-5)


def test_instancenorm_is_groupnorm_with_one_channel_per_group_and_differentiable():
    x = RNG.standard_normal((3, 3, 4, 2)).astype(np.float32)
    ones, zeros = np.ones(4, np.float32), np.zeros(4, np.float32)
    np.testing.assert_allclose(extractdata(instancenorm(dlarray(x, "SSCB"), zeros, ones)),
                               groupnorm_reference(x, 4, zeros, ones), rtol=1e-4, atol=1e-5)
    weights = RNG.standard_normal(x.shape).astype(np.float32)

    def loss(x, offset, scale):
        return rt.sum(groupnorm(dlarray(x, "SSCB"), 2, offset, scale) * weights)

    gradient_check(loss, x, zeros + 0.1, ones)


def test_generative_layers_build_and_run_in_a_network():
    net = dlnetwork([ImageInputLayer((3, 4, 2), normalization="none"),
                     TransposedConvolution2DLayer(4, 6, stride=2, cropping=1),
                     GroupNormalizationLayer(3), InstanceNormalizationLayer()])
    y = predict(net, dlarray(X, "SSCB"))
    assert y.shape == (6, 8, 6, 2) and y.fmt == "SSCB"
    with pytest.raises(ValueError, match="do not split into 4 groups"):
        groupnorm(dlarray(X, "SSCB"), 4, np.zeros(2), np.ones(2))
