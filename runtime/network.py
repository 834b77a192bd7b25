"""``dlnetwork``, ``forward`` and ``predict``: a network of layers (a chain or a ``LayerGraph``).

A ``dlnetwork`` is a JAX pytree of its layers, so it can be passed to ``dlfeval`` (every
learnable is traced) and to accelerated functions (learnables are inputs, the architecture is
part of the trace key). ``learnables`` and ``state`` are nested dicts
``{layer_name: {parameter_name: dlarray}}``; assigning them (``net.state = state``) replaces
the network's layer objects with updated copies.

Acceleration follows MATLAB's custom-layer guide ("Custom Layer Function Acceleration"):
built-in layers and custom layers that inherit ``Acceleratable`` are cached; a custom layer
that does not is run on every call, un-cached. This runtime does that by **splitting the
network's trace around such layers**: the layers, in topological order, form steps; a run of
cacheable layers is one cached step (a trace of ``dlaccelerate``'s kind, keyed by the step and
the layers' sizes and configuration), and each non-``Acceleratable`` custom layer is a step run
directly in between, so its Python code (a ``rand(size(X))``, a ``print``) executes on every
call. A network without such a layer is one cached step, exactly the whole-network trace.

The caches (one for ``forward``, one for ``predict``; each holds a trace per step and input
size) belong to the network and to every network derived from it (by an optimiser update or an
assignment), so a training loop keeps hitting them. ``acceleration="none"`` runs every layer
directly.

Sharp edge: inside a function you accelerate yourself (``dlaccelerate(model_loss)``), the whole
function is one trace, custom layers included, as any code it calls.
"""

import copy
import dataclasses

import jax

from .accelerate import AcceleratedFunction
from .graph import LayerGraph
from .layers import direct_method, is_cached
from .options import choice, name_value
from .properties import MatlabNames

_MODES = ("auto", "none", "mex")


@dataclasses.dataclass(frozen=True)
class _Step:
    """Consecutive layers (positions in the network) run together; hashable, a trace key part.

    ``sources``: per layer, the keys of the values it consumes; ``needs``: keys this step
    takes from earlier steps or the network inputs; ``keep``: keys later steps or the network's
    outputs use. Layer outputs are keyed by layer name, network inputs by ``"layer/input"``.
    """

    cached: bool
    training: bool
    positions: tuple
    sources: tuple
    needs: tuple
    keep: tuple


def _evaluate(step, layers, values, direct=False):
    """Run ``layers`` (the step's) on ``values``; return the kept values and the new state.
    ``direct``: bypass the caches of ``Acceleratable`` layers (``acceleration="none"``)."""
    values = dict(values)
    state = {}
    name = "forward" if step.training else "predict"
    for layer, sources in zip(layers, step.sources):
        xs = [values[s] for s in sources]
        out = (direct_method(layer, name) if direct else getattr(layer, name))(*xs)
        if layer.state_names:
            out, new_state = out
            state[layer.name] = dict(new_state)
        values[layer.name] = out
    return {k: values[k] for k in step.keep}, state


class _Acceleration:
    """The caches of forward/predict shared by a network and the networks derived from it."""

    __slots__ = ("mode", "forward", "predict")

    def __init__(self, mode):
        mode = _mode(mode)
        self.mode = mode
        self.forward = AcceleratedFunction(_evaluate) if mode == "auto" else None
        self.predict = AcceleratedFunction(_evaluate) if mode == "auto" else None


def _mode(acceleration):
    """MATLAB's ``Acceleration`` value, any case: ``"auto"`` or ``"none"`` (``"mex"``, MATLAB's
    generated-code mode, is ``"auto"`` here: the cached trace is this runtime's compiled form)."""
    mode = choice(acceleration, _MODES, "acceleration")
    return "auto" if mode == "mex" else mode


class _Topology:
    """What a network's structure decides once: input and output keys and the steps."""

    __slots__ = ("input_keys", "input_names", "output_names", "names", "_groups", "_sources",
                 "_position", "_plans")

    def __init__(self, graph, order):
        position = {name: i for i, name in enumerate(order)}
        layers = graph._layers
        sources, self.input_keys, self.input_names = {}, [], []
        for name in order:
            layer = layers[name]
            keys = []
            for index, source in enumerate(graph.sources(name)):
                if source is None:
                    source = f"{name}/{layer.input_names[index]}"
                    self.input_keys.append(source)
                    self.input_names.append(name if layer.num_inputs == 1 else source)
                keys.append(source)
            sources[name] = tuple(keys)
        self.output_names = tuple(graph.outputs())
        groups = []
        for name in order:
            cached = is_cached(layers[name])
            if groups and cached and groups[-1][0]:
                groups[-1][1].append(name)
            else:
                groups.append((cached, [name]))
        self.names = tuple(order)
        self._groups, self._sources, self._position = groups, sources, position
        self._plans = {}

    def steps(self, training, outputs=None):
        """The steps of a training or inference run that keeps the outputs of the layers
        ``outputs`` (a tuple of names; default the network's outputs), computed once."""
        outputs = outputs or self.output_names
        plan = self._plans.get((training, outputs))
        if plan is None:
            plan = self._plans[training, outputs] = tuple(self._steps(training, outputs))
        return plan

    def _steps(self, training, outputs):
        groups, sources, position = self._groups, self._sources, self._position
        for k, (cached, names) in enumerate(groups):
            inside = set(names)
            needs = sorted({s for n in names for s in sources[n] if s not in inside})
            later = {s for _, rest in groups[k + 1:] for n in rest for s in sources[n]}
            keep = sorted(n for n in names if n in later or n in outputs)
            yield _Step(cached, training, tuple(position[n] for n in names),
                        tuple(sources[n] for n in names), tuple(needs), tuple(keep))


class dlnetwork(MatlabNames):
    """A network: ``dlnetwork(layers, *example_inputs, acceleration="auto")``.

    ``layers`` is a list (connected in sequence) or a ``LayerGraph``. Layers without a
    ``name`` are named ``<class>_<position>``; names must be unique. Layers whose learnables
    are ``None`` are initialised by propagating the example inputs (formatted dlarrays, one per
    network input, as MATLAB's ``dlnetwork(layers, X1, ..., XN)``), or, when every network
    input is an input layer, one zero observation of its size; otherwise a ``ValueError``.
    The given layer objects are copied, never modified. ``initialize=False`` (MATLAB's
    ``Initialize=false``) leaves the learnables as they are; ``initialize(net, X)`` does it
    later, and running an uninitialised network is an error that says so.
    """

    @name_value(unsupported=("OutputNames",))
    def __init__(self, layers, *example_inputs, acceleration="auto", initialize=True):
        graph = layers if isinstance(layers, LayerGraph) else LayerGraph(layers)
        order = graph.order()
        topology = _Topology(graph, order)
        layers = [graph._layers[name].replace() for name in order]
        if initialize:
            _fill(layers, topology, example_inputs)
        missing = _missing(layers)
        if missing and initialize:
            raise ValueError(f"learnables {', '.join(missing)} are not initialised; pass an "
                             "example input: dlnetwork(layers, dlarray(X, 'SSCB')), or start "
                             "with an input layer")
        self._layers = tuple(layers)
        self._topology = topology
        self._acceleration = _Acceleration(acceleration)

    @property
    def layers(self):
        """The layers in evaluation (topological) order."""
        return self._layers

    @property
    def input_names(self):
        return tuple(self._topology.input_names)

    @property
    def output_names(self):
        return self._topology.output_names

    @property
    def acceleration(self):
        return self._acceleration.mode

    @property
    def accelerated_functions(self):
        """``{"forward": AcceleratedFunction, "predict": ...}`` (each caches one trace per
        cached step and input size), or ``{}`` without acceleration."""
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

    def __copy__(self):
        """A shallow copy shares the caches, as every network derived from this one does."""
        new = object.__new__(dlnetwork)
        new.__dict__.update(self.__dict__)
        return new

    def __getstate__(self):
        """Pickling and ``copy.deepcopy`` (checkpoints) keep layers, structure and the
        acceleration mode; the caches (compiled programs, locks) start empty in the copy."""
        return {"layers": self._layers, "topology": self._topology,
                "acceleration": self._acceleration.mode}

    def __setstate__(self, state):
        object.__setattr__(self, "_layers", state["layers"])
        object.__setattr__(self, "_topology", state["topology"])
        object.__setattr__(self, "_acceleration", _Acceleration(state["acceleration"]))


def _missing(layers):
    return [f"{layer.name}.{n}" for layer in layers for n in layer.learnable_names
            if getattr(layer, n, None) is None]


def initialize(net, *example_inputs):
    """MATLAB's ``net = initialize(net, X)``: a network whose unset learnables are initialised
    from the example inputs (or from its input layers); the ones already set are kept."""
    layers = [layer.replace() for layer in net._layers]
    _fill(layers, net._topology, example_inputs)
    missing = _missing(layers)
    if missing:
        raise ValueError(f"initialize: learnables {', '.join(missing)} need an example input: "
                         "initialize(net, dlarray(X, 'SSCB')), or start with an input layer")
    new = copy.copy(net)
    new._layers = tuple(layers)
    return new


def _fill(layers, topology, example_inputs):
    """Initialise ``layers`` (in topological order) from the example inputs or, when every
    network input is an input layer, from one zero observation of each."""
    positions = [topology.names.index(key.split("/")[0]) for key in topology.input_keys]
    if not example_inputs and all(hasattr(layers[p], "example") for p in positions):
        example_inputs = [layers[p].example() for p in positions]
    if example_inputs:
        _initialize(layers, topology, example_inputs)


def resetState(net):  # noqa: N802 (MATLAB's name)
    """MATLAB's ``resetState``: the recurrent layers' hidden and cell states back to their
    initial values. Difference from MATLAB: this runtime's recurrent layers start every call
    from zero states and keep none, so the network is returned unchanged."""
    return net


def _initialize(layers, topology, inputs):
    if len(inputs) != len(topology.input_keys):
        raise ValueError(f"the network has {len(topology.input_keys)} inputs "
                         f"{topology.input_names}, got {len(inputs)} example inputs")
    values = dict(zip(topology.input_keys, inputs))
    for step in topology.steps(False):
        for position, sources in zip(step.positions, step.sources):
            layer = layers[position]
            xs = [values[s] for s in sources]
            layer.initialize(*xs)
            out = layer.predict(*xs)
            values[layer.name] = out[0] if layer.state_names else out


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
    return (net._layers,), (net._topology, net._acceleration)


def _unflatten(aux, children):
    net = object.__new__(dlnetwork)
    net._layers = tuple(children[0])
    net._topology, net._acceleration = aux
    return net


jax.tree_util.register_pytree_node(dlnetwork, _flatten, _unflatten)


def _run(net, inputs, training, cache, outputs):
    topology = net._topology
    missing = _missing(net._layers)
    if missing:
        raise ValueError(f"the network is not initialised ({', '.join(missing)} are unset): "
                         "call net = initialize(net, X) first")
    if len(inputs) != len(topology.input_keys):
        raise TypeError(f"the network has {len(topology.input_keys)} inputs "
                        f"{topology.input_names}, got {len(inputs)}")
    outputs = _output_names(topology, outputs)
    values = dict(zip(topology.input_keys, inputs))
    state = {}
    direct = cache is None
    for step in topology.steps(training, outputs):
        layers = tuple(net._layers[p] for p in step.positions)
        needed = {k: values[k] for k in step.needs}
        if step.cached and not direct:
            kept, new_state = cache(step, layers, needed)
        else:
            kept, new_state = _evaluate(step, layers, needed, direct)
        values.update(kept)
        state.update(new_state)
    return tuple(values[name] for name in outputs or topology.output_names), state


def _output_names(topology, outputs):
    """MATLAB's ``Outputs`` option as a tuple of layer names (``"relu"`` or ``"relu/out"``)."""
    if outputs is None:
        return None
    names = (outputs,) if isinstance(outputs, str) else tuple(outputs)
    names = tuple(name[:-4] if name.endswith("/out") else name for name in names)
    unknown = [name for name in names if name not in topology.names]
    if unknown or not names:
        raise ValueError(f"outputs= must name layers of the network; unknown {unknown}, the "
                         f"layers are {list(topology.names)}")
    return names


def _cache(net, which, acceleration):
    """The cache a call uses: the network's, or none for ``acceleration="none"``."""
    return getattr(net._acceleration, which) if _mode(acceleration) == "auto" else None


@name_value()
def forward(net, *x, outputs=None, acceleration="auto"):
    """Training-mode outputs and updated state: ``Y, state = forward(net, X)``; with several
    inputs ``forward(net, X1, X2)`` (in ``net.input_names`` order) and several outputs
    ``Y1, Y2, state = forward(...)`` (``net.output_names`` order). ``outputs=["relu1", "fc"]``
    (MATLAB's ``Outputs``) returns those layers' outputs instead, in that order.
    ``acceleration`` (MATLAB's ``Acceleration``): ``"auto"`` uses the network's caches (none
    for a network made with ``acceleration="none"``), ``"none"`` runs every layer directly
    for this call."""
    values, state = _run(net, x, True, _cache(net, "forward", acceleration), outputs)
    return (*values, state)


@name_value()
def predict(net, *x, outputs=None, acceleration="auto"):
    """Inference-mode outputs: ``Y = predict(net, X)`` (a tuple for several outputs);
    ``outputs=[...]`` and ``acceleration`` as in ``forward``."""
    values, _ = _run(net, x, False, _cache(net, "predict", acceleration), outputs)
    return values[0] if len(values) == 1 else values
