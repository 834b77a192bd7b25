"""Recurrent operations: ``lstm`` and ``gru``, and their layers ``LSTMLayer``, ``BiLSTMLayer`` and
``GRULayer``, as MATLAB's.

Data is ``"CBT"`` (channels, batch, time). Weights follow MATLAB's layout: ``weights`` is
``(G * H, C)`` and ``recurrent_weights`` ``(G * H, H)`` with the gates stacked in MATLAB's order
(LSTM: input, forget, cell candidate, output; GRU: reset, update, candidate), ``bias``
``(G * H,)``. Each operation is one primitive whose time loop is a ``jax.lax.scan``, so a
sequence of any length is one XLA loop, and ``dlgradient`` differentiates through it.

Layers (MATLAB's ``lstmLayer``, ``bilstmLayer``, ``gruLayer``): ``output_mode="sequence"``
returns every time step (``"CBT"``), ``"last"`` the last one (``"CB"``). Weights are Glorot
initialised, recurrent weights orthogonal, the bias zero except the LSTM forget gate's, which
is one (MATLAB's ``"unit-forget-gate"``). Difference from MATLAB: the layers start every call
from zero hidden and cell states and keep no state between calls (MATLAB's ``HiddenState`` and
``CellState`` layer state, and ``resetState``, are not reproduced); ``lstm``/``gru`` take any
initial state.
"""

import jax
import jax.numpy as jnp
import numpy as np

from .dlarray import apply, dlarray
from .layers import Layer, channels_of, filled, glorot
from .nn import require_format
from .primitive import Primitive
from .options import choice, name_value
from .random import randn


def _over_time(x):
    """``"CBT"`` data as ``(T, C, B)`` for ``lax.scan``."""
    return jnp.moveaxis(x, 2, 0)


def _lstm_impl(x, h0, c0, weights, recurrent_weights, bias):
    hidden = recurrent_weights.shape[1]
    inputs = jnp.einsum("gc,tcb->tgb", weights, _over_time(x)) + bias[None, :, None]

    def step(carry, wx):
        h, c = carry
        gates = wx + recurrent_weights @ h
        i, f, g, o = (gates[k * hidden:(k + 1) * hidden] for k in range(4))
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        h = jax.nn.sigmoid(o) * jnp.tanh(c)
        return (h, c), h

    (h, c), ys = jax.lax.scan(step, (h0, c0), inputs)
    return jnp.moveaxis(ys, 0, 2), h, c


def _gru_impl(x, h0, weights, recurrent_weights, bias, *, reset_gate_mode):
    hidden = recurrent_weights.shape[1]
    inputs = jnp.einsum("gc,tcb->tgb", weights, _over_time(x)) + bias[None, :, None]
    r_rows, z_rows, h_rows = (slice(k * hidden, (k + 1) * hidden) for k in range(3))

    def step(h, wx):
        rh = recurrent_weights[:2 * hidden] @ h
        r = jax.nn.sigmoid(wx[r_rows] + rh[r_rows])
        z = jax.nn.sigmoid(wx[z_rows] + rh[z_rows])
        if reset_gate_mode == "after-multiplication":
            candidate = jnp.tanh(wx[h_rows] + r * (recurrent_weights[h_rows] @ h))
        else:  # "before-multiplication"
            candidate = jnp.tanh(wx[h_rows] + recurrent_weights[h_rows] @ (r * h))
        h = (1 - z) * candidate + z * h
        return h, h

    h, ys = jax.lax.scan(step, h0, inputs)
    return jnp.moveaxis(ys, 0, 2), h


LSTM = Primitive("lstm", _lstm_impl, multiple_results=True)
GRU = Primitive("gru", _gru_impl, static=("reset_gate_mode",), multiple_results=True)
# MATLAB's name-value options of lstm and gru that this runtime does not implement (the layers
# take the last two, as the activation functions are MATLAB's defaults).
_RNN_OPTIONS = ("DataFormat", "StateActivationFunction", "GateActivationFunction")


def _check_gates(x, weights, recurrent_weights, gates, who):
    require_format(x, who)
    if x.fmt != "CBT":
        raise ValueError(f"{who} needs a 'CBT' input (channels, batch, time), got {x.fmt!r}")
    hidden = recurrent_weights.shape[1]
    if weights.shape != (gates * hidden, x.shape[0]) or recurrent_weights.shape != (
            gates * hidden, hidden):
        raise ValueError(f"{who}: weights must be ({gates} * H, C) = ({gates * hidden}, "
                         f"{x.shape[0]}) and recurrent weights ({gates * hidden}, {hidden}), got "
                         f"{tuple(weights.shape)} and {tuple(recurrent_weights.shape)}")


def _state(value, x, hidden):
    """An initial state, ``(H, B)``; an ``(H,)`` one is broadcast over the batch (traced)."""
    zeros = jnp.zeros((hidden, x.shape[1]), x.dtype)
    if not isinstance(value, dlarray):
        value = jnp.asarray(value, x.dtype)
        return value if value.ndim == 2 else value[:, None] + zeros
    plain = dlarray._make(value._data, "", value._grad, value._rec)
    return plain if value.ndim == 2 else plain.reshape(hidden, 1) + zeros


@name_value(unsupported=_RNN_OPTIONS)
def lstm(x, h0, c0, weights, recurrent_weights, bias):
    """MATLAB's ``[Y, hiddenState, cellState] = lstm(X, H0, C0, weights, recurrentWeights,
    bias)``: ``Y`` is ``"CBT"`` (``H`` channels), the final states ``"CB"``."""
    _check_gates(x, weights, recurrent_weights, 4, "lstm")
    hidden = recurrent_weights.shape[1]
    args = (x, _state(h0, x, hidden), _state(c0, x, hidden), weights, recurrent_weights, bias)
    return apply(LSTM, args, {}, ("CBT", "CB", "CB"))


@name_value(unsupported=_RNN_OPTIONS)
def gru(x, h0, weights, recurrent_weights, bias, reset_gate_mode="after-multiplication"):
    """MATLAB's ``[Y, hiddenState] = gru(X, H0, weights, recurrentWeights, bias)``;
    ``reset_gate_mode`` ``"after-multiplication"`` (MATLAB's default) or
    ``"before-multiplication"``."""
    reset_gate_mode = choice(reset_gate_mode, ("after-multiplication", "before-multiplication"),
                             "reset_gate_mode")
    _check_gates(x, weights, recurrent_weights, 3, "gru")
    args = (x, _state(h0, x, recurrent_weights.shape[1]), weights, recurrent_weights, bias)
    return apply(GRU, args, {"reset_gate_mode": reset_gate_mode}, ("CBT", "CB"))


def orthogonal(rows, columns):
    """An orthogonal ``(rows, columns)`` matrix, MATLAB's default ``RecurrentWeightsInitializer``
    (the Q factor of a normal draw from the runtime's random stream)."""
    q, r = np.linalg.qr(np.asarray(randn(max(rows, columns), min(rows, columns))))
    q = q * np.sign(np.diag(r))
    return dlarray(jnp.asarray(q if rows >= columns else q.T, jnp.float32))


def _output(y, mode):
    return y if mode == "sequence" else y[:, :, -1]


class _RecurrentLayer(Layer):
    learnable_names = ("input_weights", "recurrent_weights", "bias")
    gates = 0

    @name_value(unsupported=_RNN_OPTIONS[1:])
    def __init__(self, num_hidden_units, output_mode="sequence", name=""):
        super().__init__(name)
        self.num_hidden_units = int(num_hidden_units)
        self.output_mode = choice(output_mode, ("sequence", "last"), "output_mode")
        self.input_weights = self.recurrent_weights = self.bias = None

    def initialize(self, x):
        hidden, gates = self.num_hidden_units, self.gates
        if self.input_weights is None:
            channels = channels_of(x, type(self).__name__)
            self.input_weights = glorot((gates * hidden, channels), channels, gates * hidden)
        if self.recurrent_weights is None:
            self.recurrent_weights = dlarray(jnp.concatenate(
                [orthogonal(hidden, hidden)._data for _ in range(gates)]))
        if self.bias is None:
            self.bias = self.initial_bias()

    def initial_bias(self):
        return filled(self.gates * self.num_hidden_units, 0.0)

    def zeros(self, x):
        return jnp.zeros((self.num_hidden_units,), x.dtype)


class LSTMLayer(_RecurrentLayer):
    """MATLAB's ``lstmLayer(numHiddenUnits, OutputMode="sequence")``; see the module docstring."""

    gates = 4

    def initial_bias(self):
        h = self.num_hidden_units
        return dlarray(jnp.concatenate([jnp.zeros(h), jnp.ones(h), jnp.zeros(2 * h)]))

    def predict(self, x):
        y, _, _ = lstm(x, self.zeros(x), self.zeros(x), self.input_weights,
                       self.recurrent_weights, self.bias)
        return _output(y, self.output_mode)


class GRULayer(_RecurrentLayer):
    """MATLAB's ``gruLayer(numHiddenUnits, OutputMode="sequence")`` with its default
    ``ResetGateMode="after-multiplication"``."""

    gates = 3

    def predict(self, x):
        y, _ = gru(x, self.zeros(x), self.input_weights, self.recurrent_weights, self.bias)
        return _output(y, self.output_mode)


def _reversed_in_time(x):
    return x[:, :, ::-1]


class BiLSTMLayer(Layer):
    """MATLAB's ``bilstmLayer(numHiddenUnits, OutputMode="sequence")``: an LSTM forward and one
    backward in time, their outputs stacked in channels (``2 * numHiddenUnits``; forward
    first); ``"last"`` is the last time step of that sequence. Its learnables are two nests,
    ``forward_lstm`` and ``backward_lstm``, each with an LSTM's three parameters."""

    learnable_names = ("forward_lstm", "backward_lstm")

    @name_value(unsupported=_RNN_OPTIONS[1:])
    def __init__(self, num_hidden_units, output_mode="sequence", name=""):
        super().__init__(name)
        self.num_hidden_units = int(num_hidden_units)
        self.output_mode = LSTMLayer(num_hidden_units, output_mode).output_mode
        self.forward_lstm = self.backward_lstm = None

    def initialize(self, x):
        for attr in self.learnable_names:
            if getattr(self, attr) is None:
                layer = LSTMLayer(self.num_hidden_units)
                layer.initialize(x)
                setattr(self, attr, layer.learnables)

    def _run(self, params, x):
        hidden = self.num_hidden_units
        zeros = jnp.zeros((hidden,), x.dtype)
        return lstm(x, zeros, zeros, params["input_weights"], params["recurrent_weights"],
                    params["bias"])[0]

    def predict(self, x):
        ahead = self._run(self.forward_lstm, x)
        behind = _reversed_in_time(self._run(self.backward_lstm, _reversed_in_time(x)))
        return _output(_concat_channels(ahead, behind), self.output_mode)


def _concat_impl(a, b):
    return jnp.concatenate([a, b], axis=0)


CONCAT_CHANNELS = Primitive("concat_channels", _concat_impl)


def _concat_channels(a, b):
    return apply(CONCAT_CHANNELS, (a, b), {}, a.fmt)
