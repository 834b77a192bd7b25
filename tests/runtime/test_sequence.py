"""Issue 23, point 2: lstm, gru and attention (and their layers) against NumPy references, and
their gradients against finite differences."""

import numpy as np
import pytest

import acclint.runtime as rt
from checks import gradient_check

from acclint.runtime import (BiLSTMLayer, GRULayer, LSTMLayer, SelfAttentionLayer,
                             SequenceInputLayer, attention, dlarray, dlnetwork, extractdata,
                             gru, lstm, predict)

RNG = np.random.default_rng(7)
C, B, T, H = 3, 2, 5, 4
X = RNG.standard_normal((C, B, T)).astype(np.float32)


def sigmoid(v):
    return 1 / (1 + np.exp(-v))


def lstm_reference(x, h, c, w, r, b):
    """MATLAB's lstm documentation, one time step at a time (gates i, f, g, o)."""
    ys = []
    for t in range(x.shape[2]):
        gates = w @ x[:, :, t] + r @ h + b[:, None]
        i, f, g, o = np.split(gates, 4)
        c = sigmoid(f) * c + sigmoid(i) * np.tanh(g)
        h = sigmoid(o) * np.tanh(c)
        ys.append(h)
    return np.stack(ys, axis=2), h, c


def gru_reference(x, h, w, r, b, after):
    """MATLAB's gru documentation (gates r, z, candidate)."""
    ys = []
    wr, wz, wh = np.split(w, 3)
    rr, rz, rh = np.split(r, 3)
    br, bz, bh = np.split(b[:, None], 3)
    for t in range(x.shape[2]):
        xt = x[:, :, t]
        reset = sigmoid(wr @ xt + rr @ h + br)
        update = sigmoid(wz @ xt + rz @ h + bz)
        if after:
            candidate = np.tanh(wh @ xt + bh + reset * (rh @ h))
        else:
            candidate = np.tanh(wh @ xt + bh + rh @ (reset * h))
        h = (1 - update) * candidate + update * h
        ys.append(h)
    return np.stack(ys, axis=2), h


def attention_reference(q, k, v, heads, causal):
    size = q.shape[0] // heads
    tq, tk = q.shape[2], k.shape[2]
    y = np.zeros((v.shape[0], q.shape[1], tq), np.float32)
    for n in range(heads):
        rows = slice(n * size, (n + 1) * size)
        vrows = slice(n * (v.shape[0] // heads), (n + 1) * (v.shape[0] // heads))
        for b in range(q.shape[1]):
            scores = k[rows, b, :].T @ q[rows, b, :] / np.sqrt(size)  # (Tk, Tq)
            if causal:
                scores = np.where(np.arange(tk)[:, None] <= np.arange(tq)[None, :], scores,
                                  -np.inf)
            weights = np.exp(scores - scores.max(0))
            weights /= weights.sum(0)
            y[vrows, b, :] = v[vrows, b, :] @ weights
    return y


def params(gates):
    w = RNG.standard_normal((gates * H, C)).astype(np.float32) * 0.5
    r = RNG.standard_normal((gates * H, H)).astype(np.float32) * 0.5
    b = RNG.standard_normal(gates * H).astype(np.float32) * 0.1
    h0 = RNG.standard_normal((H, B)).astype(np.float32) * 0.1
    return w, r, b, h0


def test_lstm_matches_the_numpy_reference():
    w, r, b, h0 = params(4)
    c0 = RNG.standard_normal((H, B)).astype(np.float32) * 0.1
    y, h, c = lstm(dlarray(X, "CBT"), h0, c0, w, r, b)
    ry, rh, rc = lstm_reference(X, h0, c0, w, r, b)
    assert (y.fmt, h.fmt, c.fmt) == ("CBT", "CB", "CB")
    for got, want in ((y, ry), (h, rh), (c, rc)):
        np.testing.assert_allclose(extractdata(got), want, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("mode", ["after-multiplication", "before-multiplication"])
def test_gru_matches_the_numpy_reference(mode):
    w, r, b, h0 = params(3)
    y, h = gru(dlarray(X, "CBT"), h0, w, r, b, reset_gate_mode=mode)
    ry, rh = gru_reference(X, h0, w, r, b, mode == "after-multiplication")
    np.testing.assert_allclose(extractdata(y), ry, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(extractdata(h), rh, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("mask", ["none", "causal"])
def test_attention_matches_the_numpy_reference(mask):
    q, k, v = (RNG.standard_normal((4, B, T)).astype(np.float32) for _ in range(3))
    y, weights = attention(dlarray(q, "CBT"), dlarray(k, "CBT"), dlarray(v, "CBT"), 2,
                           attention_mask=mask)
    np.testing.assert_allclose(extractdata(y), attention_reference(q, k, v, 2, mask == "causal"),
                               rtol=1e-4, atol=1e-5)
    assert weights.shape == (T, T, 2, B)
    np.testing.assert_allclose(extractdata(weights).sum(0), 1.0, rtol=1e-5)
    if mask == "causal":  # a query never attends to a later key
        assert np.all(np.triu(extractdata(weights)[:, :, 0, 0].T, 1) == 0)


def test_lstm_gradients_pass_a_finite_difference_check():
    w, r, b, h0 = params(4)

    def loss(x, w, r, b):
        y, h, c = lstm(dlarray(x, "CBT"), h0, h0, w, r, b)
        return rt.sum(y * y) + rt.sum(c)

    gradient_check(loss, X, w, r, b)


def test_gru_gradients_pass_a_finite_difference_check():
    w, r, b, h0 = params(3)

    def loss(x, w, r, b, h):
        return rt.sum(gru(dlarray(x, "CBT"), h, w, r, b)[0] ** 2)

    gradient_check(loss, X, w, r, b, h0)


def test_attention_gradients_pass_a_finite_difference_check():
    q, k, v = (RNG.standard_normal((4, B, T)).astype(np.float32) for _ in range(3))

    def loss(q, k, v):
        y, _ = attention(dlarray(q, "CBT"), dlarray(k, "CBT"), dlarray(v, "CBT"), 2, "causal")
        return rt.sum(y * y)

    gradient_check(loss, q, k, v)


@pytest.mark.parametrize("layer, shape, fmt", [
    (LSTMLayer(H), (H, B, T), "CBT"), (LSTMLayer(H, "last"), (H, B), "CB"),
    (GRULayer(H, "last"), (H, B), "CB"), (BiLSTMLayer(H), (2 * H, B, T), "CBT"),
    (SelfAttentionLayer(2, 4, "causal"), (C, B, T), "CBT"),
])
def test_sequence_layers_in_a_network_have_matlab_output_sizes(layer, shape, fmt):
    net = dlnetwork([SequenceInputLayer(C), layer])
    y = predict(net, dlarray(X, "CBT"))
    assert y.shape == shape and y.fmt == fmt


def test_lstm_layer_equals_the_lstm_function_with_its_learnables_and_zero_states():
    net = dlnetwork([SequenceInputLayer(C), LSTMLayer(H, name="lstm")])
    p = {k: extractdata(v) for k, v in net.learnables["lstm"].items()}
    assert np.all(p["bias"][H:2 * H] == 1)  # MATLAB's unit forget gate
    zeros = np.zeros((H, B), np.float32)
    expected = lstm_reference(X, zeros, zeros, p["input_weights"], p["recurrent_weights"],
                              p["bias"])[0]
    np.testing.assert_allclose(extractdata(predict(net, dlarray(X, "CBT"))), expected,
                               rtol=1e-4, atol=1e-5)


def test_bilstm_backward_half_reads_the_sequence_from_its_end():
    net = dlnetwork([SequenceInputLayer(C), BiLSTMLayer(H, name="bi")])
    p = net.learnables["bi"]["backward_lstm"]
    p = {k: extractdata(v) for k, v in p.items()}
    zeros = np.zeros((H, B), np.float32)
    behind = lstm_reference(X[:, :, ::-1], zeros, zeros, p["input_weights"],
                            p["recurrent_weights"], p["bias"])[0][:, :, ::-1]
    np.testing.assert_allclose(extractdata(predict(net, dlarray(X, "CBT")))[H:], behind,
                               rtol=1e-4, atol=1e-5)


def test_wrong_weight_sizes_and_formats_are_clear_errors():
    w, r, b, h0 = params(4)
    with pytest.raises(ValueError, match=r"weights must be \(4 \* H, C\)"):
        lstm(dlarray(X, "CBT"), h0, h0, w[:, :2], r, b)
    with pytest.raises(ValueError, match="needs a 'CBT' input"):
        lstm(dlarray(X[:, :, 0], "CB"), h0, h0, w, r, b)
    x = dlarray(X, "CBT")  # 3 channels
    with pytest.raises(ValueError, match="the 3 channels of the queries do not split into 2"):
        attention(x, x, x, 2)


def test_self_attention_layer_is_projections_around_causal_attention():
    net = dlnetwork([SequenceInputLayer(C), SelfAttentionLayer(2, 4, "causal", name="att")])
    p = {k: extractdata(v) for k, v in net.learnables["att"].items()}

    def project(x, part):
        return np.einsum("oc,cbt->obt", p[f"{part}_weights"], x) + p[f"{part}_bias"][:, None, None]

    q, k, v = (project(X, part) for part in ("query", "key", "value"))
    expected = project(attention_reference(q, k, v, 2, causal=True), "output")
    np.testing.assert_allclose(extractdata(predict(net, dlarray(X, "CBT"))), expected,
                               rtol=1e-4, atol=1e-5)
