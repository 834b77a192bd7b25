"""Issue 35, point 4: the porting traps a MATLAB user falls into. MATLAB's name-value
spellings and option values work in any case, ``clearCache`` and ``gather`` exist, and Python's
built-ins and JAX's functions never silently take a dlarray: each refusal names what to write.
"""

import builtins
import io
import math

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import acclint.runtime as rt
from acclint.runtime import (AccelerationCheckWarning, Convolution2DLayer, FeatureInputLayer,
                             FullyConnectedLayer, ImageInputLayer, LSTMLayer, ReLULayer,
                             arrayDatastore, attention, clearCache, crossentropy,
                             dlaccelerate, dlarray, dlconv, dlfeval, dlgradient, dlnetwork,
                             extractdata, forward, gather, gelu, layernorm, maxpool,
                             minibatchqueue, padsequences, predict, rand, randi, recordMetrics,
                             rng, size, sort, trainingProgressMonitor, updateInfo, zeros)

RNG = np.random.default_rng(35)
X = dlarray(RNG.standard_normal((4, 4, 3, 2)).astype(np.float32), "SSCB")


# --- name-value spellings ---------------------------------------------------------------------
@pytest.mark.parametrize("spelling", [
    lambda: rand(3, 2, "like", X[0, 0]),
    lambda: rand((3, 2), "Like", X[0, 0]),
    lambda: rand(3, 2, "LIKE", X[0, 0]),
    lambda: rand(3, 2, Like=X[0, 0]),
])
def test_rand_takes_matlabs_like_pair_in_any_case(spelling):
    rng(3)
    expected = rand(3, 2, like=X[0, 0])
    rng(3)
    got = spelling()
    assert got.fmt == "CB" and got.dtype == X.dtype and got.shape == (3, 2)
    np.testing.assert_array_equal(extractdata(got), extractdata(expected))


def test_zeros_and_randi_take_the_like_pair():
    z = zeros(size(X), "like", X)
    assert z.fmt == "SSCB" and float(rt.sum(abs(z))) == 0.0
    draws = extractdata(randi(4, 200, "like", X[0, 0, 0]))
    assert set(np.unique(draws)) == {1.0, 2.0, 3.0, 4.0}  # MATLAB's randi(4): 1 to 4


def test_a_type_name_or_a_lone_option_name_is_a_clear_error():
    with pytest.raises(TypeError, match=r"got 'single'.*like=x or single\(...\)"):
        rand(3, "single")
    with pytest.raises(TypeError, match="'like' has no value"):
        rand(3, "like")


def test_dlconv_and_maxpool_take_padding_and_stride_pairs():
    weights = jnp.asarray(RNG.standard_normal((3, 3, 3, 5)).astype(np.float32))
    bias = jnp.zeros(5)
    by_pair = dlconv(X, weights, bias, "Padding", "same", "Stride", 2)
    by_keyword = dlconv(X, weights, bias, padding="same", stride=2)
    assert by_pair.shape == (2, 2, 5, 2)  # MATLAB's "same": ceil(4 / 2) = 2
    np.testing.assert_allclose(extractdata(by_pair), extractdata(by_keyword))
    assert maxpool(X, 2, "Stride", 2).shape == (2, 2, 3, 2)
    np.testing.assert_allclose(extractdata(maxpool(X, 2, "stride", 2, "PADDING", "Same")),
                               extractdata(maxpool(X, 2, stride=2, padding="same")))


def test_matlabs_unimplemented_options_and_unknown_names_are_refused():
    weights, bias = jnp.ones((3, 3, 3, 5)), jnp.zeros(5)
    with pytest.raises(TypeError, match="dlconv: MATLAB's option 'DilationFactor' is not "
                                        "supported by this runtime; its options are padding, "
                                        "stride"):
        dlconv(X, weights, bias, "DilationFactor", 2)
    with pytest.raises(TypeError, match="not supported"):
        crossentropy(X, X, Reduction="none")
    with pytest.raises(TypeError, match="AcceleratedFunction: unknown option 'Cache'; the "
                                        "options are cache_size"):
        dlaccelerate(lambda x: x, "Cache", 3)
    with pytest.raises(TypeError, match="FullyConnectedLayer: MATLAB's option "
                                        "'WeightsInitializer' is not supported"):
        FullyConnectedLayer(10, "WeightsInitializer", "he")


def test_losses_and_activations_take_their_matlab_options():
    y = dlarray(np.array([[0.2, 0.7], [0.9, 0.4]], np.float32), "CB")
    t = np.array([[0.0, 1.0], [1.0, 0.0]], np.float32)
    expected = -np.sum(t * np.log(extractdata(y)) + (1 - t) * np.log(1 - extractdata(y))) / 2
    got = crossentropy(y, t, "TargetCategories", "Independent")
    assert float(got) == pytest.approx(expected, rel=1e-5)
    data = np.linspace(-3, 3, 7, dtype=np.float32)
    tanh_form = 0.5 * data * (1 + np.tanh(math.sqrt(2 / math.pi) * (data + 0.044715 * data ** 3)))
    for spelled in (gelu(dlarray(data), "Approximation", "tanh"),
                    gelu(dlarray(data), approximation="TANH")):
        np.testing.assert_allclose(extractdata(spelled), tanh_form, rtol=1e-5, atol=1e-6)


def test_dlgradient_names_are_case_insensitive():
    x = dlarray(np.array([1.0, 2.0], np.float32))
    grad = dlfeval(lambda x: dlgradient(rt.sum(x ** 2), x, "enablehigherderivatives", False), x)
    np.testing.assert_allclose(extractdata(grad), [2.0, 4.0])
    with pytest.raises(ValueError, match="not traced"):  # higher derivatives are off
        dlfeval(lambda x: dlgradient(rt.sum(dlgradient(rt.sum(x ** 3), x,
                                                       "ENABLEHIGHERDERIVATIVES", False)), x), x)


def test_dlaccelerate_takes_matlab_property_names_as_options():
    def noisy(x):
        return x + rand(size(x))  # not like=x: drawn once, baked in

    accfun = dlaccelerate(noisy, "CheckMode", "Tolerance", "CacheSize", 3)
    assert (accfun.check_mode, accfun.cache_size) == ("tolerance", 3)
    x = dlarray(np.zeros((2, 2), np.float32), "CB")
    accfun(x)
    with pytest.warns(AccelerationCheckWarning, match="differ"):
        accfun(x)
    assert dlaccelerate(noisy, CheckMode="TOLERANCE").check_mode == "tolerance"
    accfun.check_mode = "None"
    assert accfun.check_mode == "none"
    with pytest.raises(ValueError, match="check_mode must be one of 'none', 'tolerance' "
                                         r"\(in any case\), got 'tol'"):
        accfun.check_mode = "tol"


def _network():
    x = dlarray(RNG.standard_normal((3, 5)).astype(np.float32), "CB")
    return dlnetwork([FeatureInputLayer(3), FullyConnectedLayer(4, "Name", "fc"),
                      ReLULayer(Name="relu")]), x


def test_forward_and_predict_take_outputs_and_acceleration_pairs():
    net, x = _network()
    cached = predict(net, x)
    direct = predict(net, x, "Acceleration", "None")
    np.testing.assert_allclose(extractdata(direct), extractdata(cached), rtol=1e-6)
    assert net.accelerated_functions["predict"].hit_rate == 0.0  # one call, a build
    predict(net, x, "Acceleration", "auto")
    assert net.accelerated_functions["predict"].hit_rate == 50.0  # the direct call not counted
    fc, state = forward(net, x, "Outputs", "fc", "acceleration", "none")
    expected = extractdata(net.learnables["fc"]["weights"]) @ extractdata(x) + \
        extractdata(net.learnables["fc"]["bias"])[:, None]
    np.testing.assert_allclose(extractdata(fc), expected, rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="acceleration must be one of 'auto', 'none', 'mex'"):
        predict(net, x, Acceleration="fast")


def test_dlnetwork_and_layers_take_matlab_options():
    _, x = _network()
    net = dlnetwork([FullyConnectedLayer(4)], x, "Initialize", False)
    assert net.learnables["fullyconnectedlayer_1"]["weights"] is None
    conv = Convolution2DLayer(3, 8, "Padding", "same", "Name", "conv1")
    assert (conv.padding, conv.name) == ("same", "conv1")
    image = ImageInputLayer((4, 4, 3), "Normalization", "ZScore", "Mean", 1.0,
                            "StandardDeviation", 2.0)
    assert (image.normalization, image.mean, image.std) == ("zscore", 1.0, 2.0)
    np.testing.assert_allclose(extractdata(image.predict(X)), (extractdata(X) - 1.0) / 2.0,
                               rtol=1e-6)
    assert LSTMLayer(4, OutputMode="Last").output_mode == "last"


def test_option_values_are_case_insensitive_everywhere():
    v = dlarray(np.array([3.0, 1.0, 2.0], np.float32))
    np.testing.assert_array_equal(extractdata(sort(v, 0, "Descend")), [3.0, 2.0, 1.0])
    seq = dlarray(RNG.standard_normal((3, 2, 4)).astype(np.float32), "CBT")
    np.testing.assert_allclose(
        extractdata(layernorm(seq, np.zeros(3), np.ones(3), OperationDimension="Channel-Only")),
        extractdata(layernorm(seq, np.zeros(3), np.ones(3), operation_dimension="channel-only")))
    q = dlarray(RNG.standard_normal((4, 1, 3)).astype(np.float32), "CBT")
    causal, _ = attention(q, q, q, 1, "AttentionMask", "Causal")
    np.testing.assert_allclose(extractdata(causal)[:, 0, 0], extractdata(q)[:, 0, 0],
                               rtol=1e-5)  # the first step attends only to itself


def test_data_functions_take_their_matlab_options():
    ds = arrayDatastore(np.arange(5, dtype=np.float32).reshape(5, 1), "IterationDimension", 0)
    queue = minibatchqueue(ds, "MiniBatchSize", 2, "PartialMiniBatch", "Discard",
                           "MiniBatchFormat", "BC")
    batches = []
    while rt.hasdata(queue):
        batches.append(extractdata(next(queue)).ravel().tolist())
    assert batches == [[0.0, 1.0], [2.0, 3.0]]  # the partial batch [4] is discarded
    padded, mask = padsequences([np.array([1.0, 2.0]), np.array([3.0])], 0,
                                "Direction", "Left", "PaddingValue", -1)
    np.testing.assert_array_equal(padded, [[1.0, -1.0], [2.0, 3.0]])
    np.testing.assert_array_equal(mask, [[True, False], [True, True]])


def test_progress_monitor_takes_matlab_names_and_metric_pairs():
    monitor = trainingProgressMonitor("Metrics", ["Loss"], "Info", ["Epoch"], "XLabel", "Step",
                                      stream=io.StringIO())
    recordMetrics(monitor, 1, "Loss", 0.5)
    updateInfo(monitor, "Epoch", 2)
    assert monitor.history == {"Loss": [(1, 0.5)]} and monitor.values == {"Epoch": 2}
    assert monitor.x_label == "Step"
    with pytest.raises(TypeError, match="in pairs"):
        recordMetrics(monitor, 2, "Loss")


# --- clearCache and gather --------------------------------------------------------------------
def test_clear_cache_empties_the_cache_so_the_next_call_traces_again():
    builds = []

    def scaled(x):
        builds.append(1)  # runs only while a trace is built
        return x * 2

    accfun = dlaccelerate(scaled)
    x = dlarray(np.ones(3, np.float32))
    accfun(x)
    accfun(x)
    assert (len(builds), accfun.hit_rate, accfun.occupancy) == (1, 50.0, 2.0)
    assert clearCache(accfun) is None  # MATLAB's clearCache returns nothing
    assert (accfun.hit_rate, accfun.occupancy) == (0.0, 0.0)
    np.testing.assert_array_equal(extractdata(accfun(x)), [2.0, 2.0, 2.0])
    assert len(builds) == 2
    with pytest.raises(TypeError, match="clearCache needs an AcceleratedFunction"):
        clearCache(scaled)


def test_gather_returns_a_dlarray_on_the_host_keeping_format_and_trace():
    on_host = gather(X)
    assert isinstance(on_host, dlarray) and on_host.fmt == X.fmt and on_host.dtype == X.dtype
    assert {d.platform for d in on_host._data.devices()} == {"cpu"}
    np.testing.assert_array_equal(extractdata(on_host), extractdata(X))
    x = dlarray(np.array([1.0, -2.0], np.float32))
    grad = dlfeval(lambda x: dlgradient(rt.sum(gather(x) ** 2), x), x)
    np.testing.assert_allclose(extractdata(grad), [2.0, -4.0])  # d(x^2)/dx through gather


def test_gather_of_several_inputs_and_of_non_dlarrays():
    plain = np.ones(2)
    a, b, c = gather(X, jnp.arange(3.0), plain)
    assert isinstance(a, dlarray) and c is plain  # MATLAB: no effect on what it cannot gather
    assert isinstance(b, jax.Array) and {d.platform for d in b.devices()} == {"cpu"}


def test_gather_inside_an_accelerated_function_is_no_hazard():
    accfun = dlaccelerate(lambda x: gather(x) * 3)
    x = dlarray(np.array([1.0, 2.0], np.float32))
    np.testing.assert_array_equal(extractdata(accfun(x)), [3.0, 6.0])
    np.testing.assert_array_equal(extractdata(accfun(x + 1)), [6.0, 9.0])  # replayed, not baked
    assert accfun.hazards == [] and accfun.hit_rate == 50.0


# --- no silent built-in -----------------------------------------------------------------------
def test_star_import_keeps_pythons_sum_and_the_builtin_refuses_a_dlarray():
    namespace = {}
    exec("from acclint.runtime import *", namespace)
    assert "sum" not in namespace  # so sum(...) below is Python's
    with pytest.raises(TypeError) as caught:
        exec("sum(X, 3)", {**namespace, "X": X})
    message = str(caught.value)
    assert "MATLAB's sum(X, 3) is sum(x, 2)" in message
    assert "from acclint.runtime import sum, max" in message
    assert rt.sum(X, 2).shape == (4, 4, 2)  # what the message points to: channels summed


@pytest.mark.parametrize("loop", [builtins.sum, builtins.max, builtins.min, builtins.any,
                                  builtins.all, list, tuple, iter])
def test_every_builtin_that_loops_refuses_a_dlarray(loop):
    with pytest.raises(TypeError, match="a dlarray is not iterable"):
        loop(X)


def test_unpacking_and_for_loops_are_refused_but_indexing_works():
    with pytest.raises(TypeError, match="not iterable"):
        first, *rest = X
    with pytest.raises(TypeError, match="not iterable"):
        for _ in X:
            pass
    assert [X[i].shape for i in range(size(X, 0))] == [(4, 3, 2)] * 4


def test_pythons_sum_of_a_list_of_dlarrays_still_adds_them():
    a, b = dlarray(np.array([1.0, 2.0], np.float32)), dlarray(np.array([3.0, 4.0], np.float32))
    np.testing.assert_array_equal(extractdata(builtins.sum([a, b])), [4.0, 6.0])


def test_builtin_round_is_matlabs_round():
    v = dlarray(np.array([-2.5, -0.5, 0.5, 1.5, 2.5], np.float32), "C")
    rounded = round(v)
    assert isinstance(rounded, dlarray) and rounded.fmt == "C"
    np.testing.assert_array_equal(extractdata(rounded), [-3.0, -1.0, 1.0, 2.0, 3.0])
    np.testing.assert_allclose(extractdata(round(dlarray(np.array([1.25, -1.25])), 1)),
                               [1.3, -1.3], rtol=1e-6)  # MATLAB's round(X, 1): away from zero


# --- JAX functions given a dlarray ----------------------------------------------------------
@pytest.mark.parametrize("call, named", [
    (lambda: jnp.sin(X), r"jax\.numpy\.sin does not take dlarrays.*runtime's sin "
                         r"\(acclint\.runtime\.sin\)"),
    (lambda: jnp.sum(X), r"jax\.numpy\.sum .*runtime's sum \(acclint\.runtime\.sum\)"),
    (lambda: jnp.asarray(X), r"jax\.numpy\.asarray .*extractdata\(x\)"),
    (lambda: jnp.stack([X, X]), r"jax\.numpy\.stack .*same MATLAB name.*extractdata\(x\)"),
])
def test_a_jax_numpy_function_names_the_runtime_twin_and_extractdata(call, named):
    with pytest.raises(TypeError, match=named) as caught:
        call()
    assert "extractdata(x)" in str(caught.value)


def test_jax_array_operators_still_defer_to_dlarray_and_keep_the_trace():
    w = jnp.array([2.0, 3.0])
    x = dlarray(np.array([1.0, 1.0], np.float32), "C")
    assert (w * x).fmt == "C" and (w + x).fmt == "C" and (w == x).fmt == "C"
    grad = dlfeval(lambda x: dlgradient(rt.sum(w * x), x), x)
    np.testing.assert_array_equal(extractdata(grad), [2.0, 3.0])
    inside_jit = jax.jit(lambda w, x: w * x)(w, x)  # a tracer's operators defer as well
    assert isinstance(inside_jit, dlarray)
    np.testing.assert_array_equal(extractdata(inside_jit), [2.0, 3.0])


def test_numpy_conversion_still_reads_the_values():
    np.testing.assert_array_equal(np.asarray(X), extractdata(X))
