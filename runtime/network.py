"""``dlnetwork``, ``forward`` and ``predict``: a sequential network of layers.

A ``dlnetwork`` is a JAX pytree of its layers, so it can be passed to ``dlfeval`` (every
learnable is traced) and to accelerated functions (learnables are inputs, the architecture is
part of the trace key). ``learnables`` and ``state`` are nested dicts
``{layer_name: {parameter_name: dlarray}}``; assigning them (``net.state = state``) replaces
the network's layer objects with updated copies.

``forward``/``predict`` are accelerated like ``dlaccelerate`` unless the network was created
with ``acceleration="none"``; the caches belong to the network and to every network derived
from it (by an optimiser update or an assignment), so a training loop keeps hitting them.
"""

import jax

from .accelerate import AcceleratedFunction
from .layers import Layer

_MODES = ("auto", "none")


def _run(net, x, training):
    state = {}
    for layer in net.layers:
        out = layer.forward(x) if training else layer.predict(x)
        if layer.state_names:
            x, new_state = out
            state[layer.name] = dict(new_state)
        else:
            x = out
    return x, state


def _forward(net, x):
    return _run(net, x, True)


def _predict(net, x):
    return _run(net, x, False)[0]


class _Acceleration:
    """The accelerated forward/predict shared by a network and the networks derived from it."""

    __slots__ = ("mode", "forward", "predict")

    def __init__(self, mode):
        if mode not in _MODES:
            raise ValueError(f"acceleration must be 'auto' or 'none', got {mode!r}")
        self.mode = mode
        self.forward = AcceleratedFunction(_forward) if mode == "auto" else None
        self.predict = AcceleratedFunction(_predict) if mode == "auto" else None


class dlnetwork:
    """A sequential network: ``dlnetwork(layers, example_input=None, acceleration="auto")``.

    Layers without a ``name`` are named ``<class>_<position>``; names must be unique.
    Layers whose learnables are ``None`` are initialised by propagating ``example_input`` (a
    formatted dlarray, as MATLAB's ``dlnetwork(layers, X)``); without it, a ``ValueError``.
    The given layer objects are copied, never modified.
    """

    def __init__(self, layers, example_input=None, *, acceleration="auto"):
        layers = [layer.replace() for layer in layers]
        for position, layer in enumerate(layers):
            if not isinstance(layer, Layer):
                raise TypeError(f"layer #{position} is a {type(layer).__name__}, not a Layer")
            if not layer.name:
                layer.name = f"{type(layer).__name__.lower()}_{position + 1}"
        names = [layer.name for layer in layers]
        duplicate = next((n for n in names if names.count(n) > 1), None)
        if duplicate is not None:
            raise ValueError(f"two layers are named {duplicate!r}; layer names must be unique")
        if example_input is not None:
            x = example_input
            for layer in layers:
                layer.initialize(x)
                x = layer.predict(x)
                if layer.state_names:
                    x = x[0]
        missing = [f"{layer.name}.{n}" for layer in layers for n in layer.learnable_names
                   if getattr(layer, n, None) is None]
        if missing:
            raise ValueError(f"learnables {', '.join(missing)} are not initialised; pass an "
                             "example input: dlnetwork(layers, dlarray(X, 'SSCB'))")
        self._layers = tuple(layers)
        self._acceleration = _Acceleration(acceleration)

    @property
    def layers(self):
        return self._layers

    @property
    def acceleration(self):
        return self._acceleration.mode

    @property
    def accelerated_functions(self):
        """``{"forward": AcceleratedFunction, "predict": ...}``, or ``{}`` without acceleration."""
        acc = self._acceleration
        return {} if acc.mode == "none" else {"forward": acc.forward, "predict": acc.predict}

    @property
    def learnables(self):
        return {layer.name: layer.learnables for layer in self._layers if layer.learnable_names}

    @learnables.setter
    def learnables(self, values):
        self._layers = _replaced(self._layers, values, "learnable_names", "learnables")

    @property
    def state(self):
        return {layer.name: layer.state for layer in self._layers if layer.state_names}

    @state.setter
    def state(self, values):
        self._layers = _replaced(self._layers, values, "state_names", "state")

    def __repr__(self):
        return f"dlnetwork({[layer.name for layer in self._layers]})"


def _replaced(layers, values, names_attr, what):
    expected = {layer.name: set(getattr(layer, names_attr)) for layer in layers
                if getattr(layer, names_attr)}
    given = {name: set(params) for name, params in values.items()}
    if given != expected:
        raise ValueError(f"the new {what} must have exactly the layers and parameters of the "
                         f"network's {what}: expected {expected}, got {given}")
    return tuple(layer.replace(**values[layer.name]) if layer.name in values else layer
                 for layer in layers)


def _flatten(net):
    return (net._layers,), net._acceleration


def _unflatten(acceleration, children):
    net = object.__new__(dlnetwork)
    net._layers, net._acceleration = tuple(children[0]), acceleration
    return net


jax.tree_util.register_pytree_node(dlnetwork, _flatten, _unflatten)


def forward(net, x):
    """Training-mode outputs and updated state: ``Y, state = forward(net, X)``."""
    acc = net._acceleration
    return acc.forward(net, x) if acc.forward is not None else _forward(net, x)


def predict(net, x):
    """Inference-mode outputs: ``Y = predict(net, X)``."""
    acc = net._acceleration
    return acc.predict(net, x) if acc.predict is not None else _predict(net, x)
