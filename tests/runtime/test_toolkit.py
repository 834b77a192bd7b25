"""Issue 23, point 3: the custom-loop toolkit (math names checked against NumPy, datastores and
mini-batch queues, masks, forward's outputs, checkpoints, dlgradient's options, hashability)."""

import copy
import pickle

import jax.numpy as jnp
import numpy as np
import pytest

import acclint.runtime as rt
from acclint.runtime import (Acceleratable, FeatureInputLayer, FullyConnectedLayer, Layer,
                             ReLULayer, arrayDatastore, combine, dlaccelerate, dlarray,
                             dlfeval, dlgradient, dlnetwork, extractdata, forward, hasdata,
                             minibatchqueue, padsequences, predict, reset, rng, shuffle)

RNG = np.random.default_rng(3)
A = RNG.uniform(-2, 2, (3, 4)).astype(np.float32)
B = RNG.uniform(0.5, 2, (3, 4)).astype(np.float32)
HALVES = np.array([-2.5, -0.5, 0.5, 1.5, 2.5], np.float32)


@pytest.mark.parametrize("name, reference", [
    ("floor", np.floor), ("ceil", np.ceil), ("fix", np.trunc), ("sign", np.sign),
    ("tan", np.tan), ("sinh", np.sinh), ("cosh", np.cosh), ("asinh", np.arcsinh),
    ("log1p", lambda a: np.log1p(np.abs(a))), ("expm1", np.expm1),
    ("erf", lambda a: np.vectorize(__import__("math").erf)(a)),
])
def test_elementwise_names_match_numpy_and_keep_the_format(name, reference):
    x = dlarray(A, "CB")
    arg = rt.abs(x) if name == "log1p" else x
    y = getattr(rt, name)(arg)
    assert y.fmt == "CB"
    np.testing.assert_allclose(extractdata(y), reference(A), rtol=1e-5, atol=1e-6)


def test_round_and_mod_follow_matlab_not_jax():
    np.testing.assert_array_equal(extractdata(rt.round(dlarray(HALVES))), [-3, -1, 1, 2, 3])
    np.testing.assert_allclose(extractdata(rt.mod(dlarray(A), B)), np.mod(A, B), rtol=1e-5)
    np.testing.assert_array_equal(extractdata(rt.mod(dlarray(A), 0.0)), A)  # mod(x, 0) is x
    np.testing.assert_allclose(extractdata(rt.rem(dlarray(-A), B)), np.fmod(-A, B), rtol=1e-5)


def test_reductions_cumulative_sort_and_rearrangements_match_numpy():
    x = dlarray(A, "CB")
    np.testing.assert_allclose(extractdata(rt.prod(x, "C")), A.prod(0), rtol=1e-5)
    np.testing.assert_allclose(extractdata(rt.var(x, axis=1)), A.var(1, ddof=1), rtol=1e-5)
    np.testing.assert_allclose(extractdata(rt.std(x, 1)), A.std(), rtol=1e-5)
    np.testing.assert_allclose(extractdata(rt.cumsum(x)), A.cumsum(0), rtol=1e-5)
    np.testing.assert_allclose(extractdata(rt.sort(x, "B", "descend")), -np.sort(-A, 1))
    assert bool(rt.any(x > 1.9)) == bool((A > 1.9).any()) and not bool(rt.all(x > 5))
    assert rt.permute(x, (1, 0)).shape == (4, 3) and rt.permute(x, (1, 0)).fmt == ""
    assert rt.squeeze(dlarray(A[:1], "CB")).fmt == "B"
    np.testing.assert_array_equal(extractdata(rt.repmat(x, 2, 1)), np.tile(A, (2, 1)))
    np.testing.assert_array_equal(extractdata(rt.circshift(x, 1, 1)), np.roll(A, 1, 1))
    pages = RNG.standard_normal((3, 2, 5)).astype(np.float32)
    product = rt.pagemtimes(dlarray(A[:, :3].T.copy()), dlarray(pages))
    np.testing.assert_allclose(extractdata(product), np.einsum("ij,jkp->ikp", A[:, :3].T, pages),
                               rtol=1e-5)
    assert rt.numel(x) == 12 and rt.ndims(x) == 2


def test_new_math_names_are_differentiable():
    x = dlarray(B)
    # prod(x, 0) broadcasts over the 3 rows, so its derivative counts 3 times
    g = dlfeval(lambda x: dlgradient(rt.sum(rt.prod(x, 0) + rt.cumsum(x, 1) + rt.erf(x)), x), x)
    expected = 3 * (B.prod(0) / B) + np.arange(4, 0, -1) + 2 / np.sqrt(np.pi) * np.exp(-B ** 2)
    np.testing.assert_allclose(extractdata(g), expected, rtol=1e-4)


def test_double_without_x64_is_an_error_not_a_silent_single():
    with pytest.raises(TypeError, match="double precision needs JAX's x64 mode"):
        rt.double(dlarray(A))
    assert rt.single(dlarray(A)).dtype == jnp.float32


# --- logical masks ---------------------------------------------------------------------------
def test_logical_mask_indexing_outside_and_a_clear_error_inside_an_accelerated_function():
    x = dlarray(A)
    np.testing.assert_array_equal(extractdata(x[x > 0]), A[A > 0])
    np.testing.assert_array_equal(extractdata(x[A[:, 0] > 0]), A[A[:, 0] > 0])
    g = dlfeval(lambda x: dlgradient(rt.sum(x[x > 0] ** 2), x), x)
    np.testing.assert_allclose(extractdata(g), np.where(A > 0, 2 * A, 0), rtol=1e-6)
    with pytest.raises(IndexError, match="logical-mask indexing inside an accelerated function"):
        dlaccelerate(lambda x: rt.sum(x[x > 0]))(x)
    constant_mask = A > 0  # a mask that does not depend on traced values is fine inside
    acc = dlaccelerate(lambda x: rt.sum(x[constant_mask]))
    assert float(acc(x)) == pytest.approx(A[A > 0].sum(), rel=1e-5)
    with pytest.raises(IndexError, match="logical mask of size"):
        x[np.ones(5, bool)]


# --- datastores and mini-batch queues --------------------------------------------------------
def test_minibatchqueue_batches_in_matlab_layout_with_formats_and_partial_batches():
    images = RNG.standard_normal((4, 4, 1, 10)).astype(np.float32)
    labels = np.arange(10)
    ds = combine(arrayDatastore(images, iteration_dimension=3), arrayDatastore(labels))
    mbq = minibatchqueue(ds, mini_batch_size=4, mini_batch_format=("SSCB", ""))
    batches = []
    while hasdata(mbq):
        X, T = next(mbq)
        batches.append((X, T))
    assert [X.shape for X, _ in batches] == [(4, 4, 1, 4), (4, 4, 1, 4), (4, 4, 1, 2)]
    assert batches[0][0].fmt == "SSCB" and batches[0][0].dtype == jnp.float32
    np.testing.assert_array_equal(extractdata(batches[1][1]), [4, 5, 6, 7])
    np.testing.assert_array_equal(extractdata(batches[1][0]), images[..., 4:8])
    with pytest.raises(StopIteration):
        next(mbq)
    reset(mbq)
    assert hasdata(mbq)
    discard = minibatchqueue(ds, mini_batch_size=4, partial_mini_batch="discard")
    assert len(list(discard)) == 2


def test_shuffle_is_a_permutation_drawn_from_the_runtime_stream():
    ds = arrayDatastore(np.arange(8.0))
    mbq = minibatchqueue(ds, mini_batch_size=8, mini_batch_format="B")
    rng(5)
    shuffle(mbq)
    first = extractdata(next(mbq))
    rng(5)
    shuffle(mbq)
    again = extractdata(next(mbq))
    np.testing.assert_array_equal(first, again)
    assert sorted(first.tolist()) == list(range(8)) and first.tolist() != list(range(8))


def test_mini_batch_fcn_receives_the_observations_of_each_output():
    sequences = [np.ones((2, n), np.float32) * n for n in (3, 5, 2)]
    cells = np.empty(3, object)  # MATLAB's cell array of sequences
    for i, sequence in enumerate(sequences):
        cells[i] = sequence
    ds = arrayDatastore(cells)

    def preprocess(seqs):
        x, mask = padsequences(seqs, 1)
        return x.transpose(0, 2, 1), mask[0].T  # "CBT" and a "BT" mask

    mbq = minibatchqueue(ds, mini_batch_size=3, mini_batch_fcn=preprocess,
                         mini_batch_format=("CBT", "BT"))
    X, mask = next(mbq)
    assert X.fmt == "CBT" and X.shape == (2, 3, 5) and mask.dtype == jnp.bool_
    np.testing.assert_array_equal(extractdata(mask).sum(1), [3, 5, 2])


def test_padsequences_pads_right_or_left_and_truncates_to_the_shortest():
    seqs = [np.arange(1, 4), np.arange(1, 6)]
    x, mask = padsequences(seqs, 0)
    np.testing.assert_array_equal(x.T, [[1, 2, 3, 0, 0], [1, 2, 3, 4, 5]])
    np.testing.assert_array_equal(mask.T.sum(1), [3, 5])
    x, _ = padsequences(seqs, 0, direction="left", padding_value=-1)
    np.testing.assert_array_equal(x[:, 0], [-1, -1, 1, 2, 3])
    x, _ = padsequences(seqs, 0, length="shortest")
    assert x.shape == (3, 2)


# --- networks: outputs=, checkpoints ---------------------------------------------------------
def net_and_input():
    net = dlnetwork([FeatureInputLayer(3, name="in"), FullyConnectedLayer(4, name="fc1"),
                     ReLULayer(name="relu"), FullyConnectedLayer(2, name="fc2")])
    return net, dlarray(A, "CB")


def test_forward_and_predict_return_the_named_layers_outputs():
    net, x = net_and_input()
    fc1, relu, state = forward(net, x, outputs=["fc1", "relu/out"])
    np.testing.assert_allclose(extractdata(relu), np.maximum(extractdata(fc1), 0))
    assert state == {}
    np.testing.assert_allclose(extractdata(predict(net, x, outputs="relu")), extractdata(relu))
    np.testing.assert_allclose(extractdata(predict(net, x)),
                               extractdata(forward(net, x)[0]))
    with pytest.raises(ValueError, match="unknown \\['nope'\\]"):
        predict(net, x, outputs=["nope"])


@pytest.mark.parametrize("clone", [lambda n: pickle.loads(pickle.dumps(n)), copy.deepcopy])
def test_networks_can_be_pickled_and_deep_copied_for_checkpoints(clone):
    net, x = net_and_input()
    predict(net, x)
    twin = clone(net)
    assert twin.accelerated_functions["predict"].occupancy == 0  # fresh caches in the copy
    np.testing.assert_array_equal(extractdata(predict(twin, x)), extractdata(predict(net, x)))
    assert copy.copy(net).accelerated_functions["predict"] is \
        net.accelerated_functions["predict"]  # a shallow copy shares them, as updates do


# --- dlgradient options ------------------------------------------------------------------------
@pytest.mark.parametrize("call", [
    lambda y, x: dlgradient(y, x, "EnableHigherDerivatives", False),
    lambda y, x: dlgradient(y, x, EnableHigherDerivatives=False, RetainData=True),
    lambda y, x: dlgradient(y, x, enable_higher_derivatives=False),
])
def test_dlgradient_takes_matlab_option_spellings(call):
    def second(x):
        g = call(rt.sum(x ** 3), x)
        return g, dlgradient(rt.sum(g), x)

    with pytest.raises(ValueError, match="y is not traced"):  # higher derivatives are off
        dlfeval(second, dlarray(B))
    g = dlfeval(lambda x: call(rt.sum(x ** 3), x), dlarray(B))
    np.testing.assert_allclose(extractdata(g), 3 * B ** 2, rtol=1e-5)


def test_dlgradient_higher_derivatives_are_on_by_default_and_unknown_options_refused():
    second = dlfeval(lambda x: dlgradient(rt.sum(dlgradient(rt.sum(x ** 3), x, "RetainData",
                                                            True)), x), dlarray(B))
    np.testing.assert_allclose(extractdata(second), 6 * B, rtol=1e-5)
    with pytest.raises(TypeError, match="unknown option 'Retain'"):
        dlfeval(lambda x: dlgradient(rt.sum(x), x, Retain=True), dlarray(B))


# --- hashability of layer properties -------------------------------------------------------------
class TableLayer(Layer, Acceleratable):
    def __init__(self):
        super().__init__()
        self.table = np.ones(3)

    def predict(self, x):
        return x * 2


def test_an_array_property_is_a_type_error_that_says_what_to_do():
    with pytest.raises(TypeError, match="TableLayer.table is a ndarray.*list it in "
                                        "learnable_names.*or store it as a tuple"):
        TableLayer().predict(dlarray(A))


# --- initialize, Initialize=false, resetState, trainingProgressMonitor -------------------------
def test_initialize_false_then_initialize_as_matlab():
    layers = [FeatureInputLayer(3, name="in"), FullyConnectedLayer(2, name="fc")]
    net = dlnetwork(layers, initialize=False)
    assert net.learnables["fc"]["weights"] is None
    with pytest.raises(ValueError, match=r"not initialised.*call net = initialize\(net, X\)"):
        predict(net, dlarray(A, "CB"))
    ready = rt.initialize(net)  # from the input layer
    assert ready.learnables["fc"]["weights"].shape == (2, 3)
    assert net.learnables["fc"]["weights"] is None  # a new network; the old one is unchanged
    assert predict(ready, dlarray(A, "CB")).shape == (2, 4)
    assert rt.resetState(ready) is ready  # recurrent layers here keep no state


def test_training_progress_monitor_prints_and_keeps_the_history(capsys):
    monitor = rt.trainingProgressMonitor(metrics=["Loss"], info=["Epoch"], every=2)
    for iteration in range(1, 5):
        rt.updateInfo(monitor, Epoch=1 + iteration // 3)
        monitor.progress = 25 * iteration
        rt.recordMetrics(monitor, iteration, Loss=dlarray(1.0 / iteration))
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["Iteration 1 | Loss 1 | Epoch 1 | 25%",
                     "Iteration 3 | Loss 0.3333 | Epoch 2 | 75%"]
    assert [step for step, _ in monitor.history["Loss"]] == [1, 2, 3, 4]
    with pytest.raises(ValueError, match="not metrics of the monitor"):
        rt.recordMetrics(monitor, 5, Accuracy=1.0)
    with pytest.raises(AttributeError, match="MATLAB's Progress is spelled 'progress'"):
        monitor.Progress = 50
