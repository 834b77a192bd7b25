"""Issue 23, point 1: every case that used to give a silent wrong result now raises a clear,
MATLAB-like error or behaves as MATLAB documents. One test per case."""

import os
import subprocess
import sys
import textwrap

import jax.numpy as jnp
import numpy as np
import pytest

import acclint.runtime as rt
from acclint.runtime import (Acceleratable, FeatureInputLayer, FullyConnectedLayer, Layer,
                             avgpool, dlaccelerate, dlarray, dlconv, dlfeval, dlgradient,
                             dlnetwork, extractdata, forward, maxpool, predict, rand, size)

V = dlarray(jnp.array([10.0, 20.0, 30.0]), "C")


# --- out-of-range indexing -------------------------------------------------------------------
@pytest.mark.parametrize("index, message", [
    (3, r"index 3 is out of bounds for dimension 0 of size 3 \(the dlarray has size \(3,\)\)"),
    (-4, "index -4 is out of bounds for dimension 0 of size 3"),
    (np.array([0, 3]), "index 3 is out of bounds for dimension 0 of size 3"),
    (slice(0, 4), "slice bound 4 is out of range for dimension 0 of size 3"),
])
def test_out_of_range_index_is_an_index_error_with_the_index_and_the_size(index, message):
    with pytest.raises(IndexError, match=message):
        V[index]


def test_in_range_indexing_is_unchanged_and_checks_every_dimension():
    assert float(V[2]) == 30.0 and float(V[-1]) == 30.0
    np.testing.assert_array_equal(extractdata(V[np.array([2, 0])]), [30.0, 10.0])
    m = dlarray(jnp.zeros((2, 5)), "CB")
    assert m[:, 4].shape == (2,)
    with pytest.raises(IndexError, match="index 2 is out of bounds for dimension 0 of size 2"):
        m[2, 0]
    with pytest.raises(IndexError, match="too many indices"):
        m[0, 0, 0]


def test_a_replayed_index_past_the_end_reads_nan_not_a_neighbour():
    # inside a cached trace an index computed from a traced value cannot be checked when the
    # trace replays; the gather fills instead of clamping, so the result is NaN, never x[-1]
    acc = dlaccelerate(lambda x, i: x[i])
    assert float(acc(V, dlarray([1.0]))[0]) == 20.0  # MATLAB-style double indices work
    assert np.isnan(float(acc(V, dlarray([3.0]))[0]))  # replayed: NaN, not 30.0
    with pytest.raises(IndexError, match="index 1.5 is not an integer"):
        V[dlarray([1.5])]


# --- a custom layer's backward ---------------------------------------------------------------
class StraightThrough(Layer):
    """Rounds in the forward pass; MATLAB-style backward passes the derivative straight on."""

    def predict(self, x):
        return rt.round(x)

    def backward(self, x, y, dldy, memory):
        return dldy


class ScaleByHand(Layer, Acceleratable):
    learnable_names = ("w",)

    def __init__(self, w, name=""):
        super().__init__(name)
        self.w = dlarray(jnp.asarray(w, jnp.float32))

    def predict(self, x):
        return x * self.w

    def backward(self, x, y, dldy, memory):
        return dldy * self.w, rt.sum(dldy * x, "B", keepdims=True)


def test_a_custom_backward_gives_the_gradient():
    x = dlarray(jnp.array([0.4, 1.6, -2.2]), "C")

    def grad(x):
        return dlgradient(rt.sum(StraightThrough().predict(x) * 3.0), x)

    # automatic differentiation of round gives 0; the layer's backward says 3 (straight through)
    np.testing.assert_allclose(extractdata(dlfeval(grad, x)), [3.0, 3.0, 3.0])


def test_a_custom_backward_with_learnables_agrees_with_automatic_gradients_in_a_network():
    x = dlarray(np.linspace(-1, 1, 6, dtype=np.float32).reshape(3, 2), "CB")
    by_hand = dlnetwork([FeatureInputLayer(3, name="in"), ScaleByHand(np.full((3, 1), 0.5), "s"),
                         FullyConnectedLayer(2, name="fc")])

    def loss(net, x):
        y, _ = forward(net, x)
        value = rt.sum(y * y)
        return dlgradient(value, x, net.learnables)

    gx, gl = dlfeval(loss, by_hand, x)
    # the same network with an automatically differentiated scale: the gradients must agree
    w = by_hand.learnables["s"]["w"]
    weights, bias = by_hand.learnables["fc"]["weights"], by_hand.learnables["fc"]["bias"]

    def reference(x, w, weights, bias):
        y = rt.fullyconnect(x * w, weights, bias)
        return dlgradient(rt.sum(y * y), x, w)

    rx, rw = dlfeval(reference, x, w, weights, bias)
    np.testing.assert_allclose(extractdata(gx), extractdata(rx), rtol=1e-5)
    np.testing.assert_allclose(extractdata(gl["s"]["w"]), extractdata(rw), rtol=1e-5)
    # and again from the network's cached trace (second call replays)
    gx2, _ = dlfeval(loss, by_hand, x)
    np.testing.assert_allclose(extractdata(gx2), extractdata(rx), rtol=1e-5)


def test_a_backward_returning_the_wrong_number_of_values_says_what_matlab_expects():
    class Bad(Layer):
        learnable_names = ("w",)

        def __init__(self):
            super().__init__()
            self.w = dlarray(jnp.ones(3))

        def predict(self, x):
            return x * self.w

        def backward(self, x, y, dldy, memory):
            return dldy  # forgot dLdW

    with pytest.raises(ValueError, match=r"returned 1 values.*1 input\(s\) and then its "
                                         r"learnables \('w',\)"):
        dlfeval(lambda x: dlgradient(rt.sum(Bad().predict(x)), x), V)


# --- acceleration="none" -----------------------------------------------------------------------
class NoisyCached(Layer, Acceleratable):
    def predict(self, x):
        return x + rand(size(x))


def test_acceleration_none_disables_the_cache_of_acceleratable_layers_too():
    x = dlarray(jnp.zeros((3, 2)), "CB")
    net = dlnetwork([FeatureInputLayer(3), NoisyCached()], acceleration="none")
    NoisyCached.predict.clear_cache()
    a, b = extractdata(predict(net, x)), extractdata(predict(net, x))
    assert not np.array_equal(a, b)  # fresh numbers every call: nothing was cached
    assert NoisyCached.predict.occupancy == 0
    accelerated = dlnetwork([FeatureInputLayer(3), NoisyCached()])  # "auto": the layer caches
    assert np.array_equal(extractdata(predict(accelerated, x)),
                          extractdata(predict(accelerated, x)))


# --- precision -----------------------------------------------------------------------------------
def test_default_precision_is_float32_and_double_is_a_separate_trace_key_with_x64():
    assert dlarray(np.ones(2)).dtype == jnp.float32  # documented: JAX's default, not MATLAB's
    script = textwrap.dedent("""
        import numpy as np
        from acclint.runtime import dlaccelerate, dlarray
        acc = dlaccelerate(lambda x: x * 2)
        single, double = dlarray(np.ones(2, np.float32)), dlarray(np.ones(2, np.float64))
        print(double.dtype, acc(single).dtype, acc(double).dtype, acc.occupancy)
    """)
    env = dict(os.environ, JAX_ENABLE_X64="1", JAX_PLATFORMS="cpu")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                         check=True).stdout.split()
    assert out == ["float64", "float32", "float64", "4.0"]


# --- integer data ------------------------------------------------------------------------------
def test_integer_arrays_are_a_type_error_and_python_numbers_become_floats():
    with pytest.raises(TypeError, match="floating point or logical.*got int32"):
        dlarray(np.arange(3, dtype=np.int32))
    with pytest.raises(TypeError, match="got int64"):
        V.astype(np.int64)
    assert dlarray([1, 2, 3]).dtype == jnp.float32  # MATLAB's literals are doubles
    assert dlarray(np.array([True, False])).dtype == jnp.bool_  # logical is allowed


# --- windows larger than the input ---------------------------------------------------------------
@pytest.mark.parametrize("operation", [
    lambda x: maxpool(x, 3), lambda x: avgpool(x, (1, 5), padding=1),
    lambda x: dlconv(x, jnp.ones((3, 3, 1, 2)), jnp.zeros(2)),
])
def test_a_window_larger_than_the_input_is_an_error(operation):
    x = dlarray(jnp.ones((2, 2, 1, 1)), "SSCB")
    with pytest.raises(ValueError, match="is larger than the input"):
        operation(x)
    assert maxpool(x, 2).shape == (1, 1, 1, 1) and maxpool(x, 3, padding="same").shape[:2] == (2, 2)


# --- NumPy functions ---------------------------------------------------------------------------
def test_numpy_elementwise_functions_keep_the_trace_and_others_are_a_type_error():
    g = dlfeval(lambda x: dlgradient(rt.sum(np.sin(x) + np.multiply(x, 2.0)), x), V)
    np.testing.assert_allclose(extractdata(g), np.cos([10.0, 20.0, 30.0]) + 2.0, rtol=1e-5)
    assert isinstance(np.ones(3) + V, dlarray)
    with pytest.raises(TypeError, match="numpy.sum does not take dlarrays.*drop every trace"):
        np.sum(V)
    with pytest.raises(TypeError, match="numpy.floor does not take dlarrays"):
        np.floor(V)
    assert np.shape(V) == (3,)


# --- complex y ---------------------------------------------------------------------------------
def test_a_complex_y_is_an_error_not_zero_gradients():
    def f(x):
        return dlgradient(rt.sum(x * (1 + 2j)), x)

    with pytest.raises(ValueError, match="y must be real, but it is complex"):
        dlfeval(f, V)


# --- MATLAB-cased property names ---------------------------------------------------------------
@pytest.mark.parametrize("name, python", [("CheckMode", "check_mode"), ("Enabled", "enabled"),
                                          ("CacheSize", "cache_size"),
                                          ("CheckTolerance", "check_tolerance")])
def test_matlab_cased_properties_are_an_attribute_error_naming_the_python_spelling(name, python):
    acc = dlaccelerate(lambda x: x)
    with pytest.raises(AttributeError, match=f"MATLAB's {name} is spelled '{python}'"):
        setattr(acc, name, 10)
    with pytest.raises(AttributeError, match=f"'{python}'"):
        getattr(acc, name)
    assert not hasattr(acc, "HitRate") and acc.enabled


def test_matlab_cased_names_on_networks_and_layers_are_refused_and_own_names_allowed():
    net = dlnetwork([FeatureInputLayer(3), FullyConnectedLayer(2)])
    with pytest.raises(AttributeError, match="MATLAB's State is spelled 'state'"):
        net.State = net.state
    layer = FullyConnectedLayer(2)
    with pytest.raises(AttributeError, match="MATLAB's Weights is spelled 'weights'"):
        layer.Weights = None
    layer.NumHeads = 4  # a custom property with no snake-case twin is the user's own
    assert layer.NumHeads == 4
