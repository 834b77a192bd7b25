"""``LayerGraph``, ``addLayers`` and ``connectLayers``: networks that are not a chain.

As MATLAB's ``layerGraph``: ``LayerGraph(layers)`` connects a list of layers in sequence;
``addLayers(graph, layers)`` adds layers (connected in sequence among themselves only);
``connectLayers(graph, "source", "destination/in2")`` connects a layer's output to an input.
Sources are ``"name"`` or ``"name/out"``; destinations ``"name"`` (a layer with one input) or
``"name/in1"``, ``"name/in2"``, ... Graphs are values: both functions return a new graph.

Unnamed layers are named ``<class>_<position>`` when added (``fullyconnectedlayer_3``); names
must be unique and may not contain ``/``. ``dlnetwork(graph, X)`` evaluates the layers in a
topological order (ties in the order they were added); inputs left unconnected are the
network's inputs (named after their layer, or ``"layer/in2"`` for a layer with several), and
layers whose output goes nowhere are its outputs, in the order they were added.
"""

from .layers import Layer


class LayerGraph:
    """Layers plus connections ``(source, destination, input_index)``; see the module
    docstring. ``layers`` and ``connections`` are read-only views."""

    def __init__(self, layers=()):
        self._layers = {}
        self._connections = ()
        self._add(layers)

    @property
    def layers(self):
        return tuple(self._layers.values())

    @property
    def connections(self):
        """``(source_name, "destination/input")`` pairs, as MATLAB's ``Connections`` table."""
        return tuple((source, f"{dest}/{self._layers[dest].input_names[i]}")
                     for source, dest, i in self._connections)

    def _copy(self):
        new = object.__new__(LayerGraph)
        new._layers, new._connections = dict(self._layers), self._connections
        return new

    def _add(self, layers):
        previous = None
        for layer in layers:
            if not isinstance(layer, Layer):
                raise TypeError(f"layer #{len(self._layers)} is a {type(layer).__name__}, not a "
                                "Layer")
            layer = layer.replace()
            if not layer.name:
                layer.name = f"{type(layer).__name__.lower()}_{len(self._layers) + 1}"
            if "/" in layer.name:
                raise ValueError(f"layer name {layer.name!r} contains '/'")
            if layer.name in self._layers:
                raise ValueError(f"two layers are named {layer.name!r}; layer names must be "
                                 "unique")
            self._layers[layer.name] = layer
            if previous is not None:
                self._connect(previous, layer.name, 0)
            previous = layer.name

    def _connect(self, source, dest, index):
        if any(d == dest and i == index for _, d, i in self._connections):
            raise ValueError(f"input {dest}/{self._layers[dest].input_names[index]} is already "
                             "connected")
        self._connections += ((source, dest, index),)

    def _input_index(self, destination):
        name, _, port = destination.partition("/")
        layer = self._layer(name)
        names = layer.input_names
        if not port:
            if len(names) != 1:
                raise ValueError(f"layer {name!r} has inputs {names}; name one: '{name}/in1'")
            return name, 0
        if port not in names:
            raise ValueError(f"layer {name!r} has no input {port!r}; its inputs are {names}")
        return name, names.index(port)

    def _layer(self, name):
        layer = self._layers.get(name)
        if layer is None:
            raise ValueError(f"the graph has no layer named {name!r}")
        return layer

    def order(self):
        """Layer names in a topological order (ties broken by insertion order)."""
        pending = {name: 0 for name in self._layers}
        for _, dest, _ in self._connections:
            pending[dest] += 1
        ready = [name for name in self._layers if pending[name] == 0]
        order = []
        while ready:
            name = ready.pop(0)
            order.append(name)
            for source, dest, _ in self._connections:
                if source == name:
                    pending[dest] -= 1
                    if pending[dest] == 0:
                        ready.append(dest)
        if len(order) != len(self._layers):
            cycle = sorted(n for n in self._layers if n not in order)
            raise ValueError(f"the layer graph has a cycle through {cycle}")
        return order

    def sources(self, name):
        """For each input of layer ``name``: the source layer's name, or None if unconnected."""
        found = [None] * self._layers[name].num_inputs
        for source, dest, index in self._connections:
            if dest == name:
                found[index] = source
        return found

    def outputs(self):
        used = {source for source, _, _ in self._connections}
        return [name for name in self._layers if name not in used]

    def __repr__(self):
        return f"LayerGraph({list(self._layers)}, connections={list(self.connections)})"


def addLayers(graph, layers):  # noqa: N802 (MATLAB's name)
    """A new graph with ``layers`` added, connected in sequence among themselves only."""
    new = graph._copy()
    new._add([layers] if isinstance(layers, Layer) else layers)
    return new


def connectLayers(graph, source, destination):  # noqa: N802 (MATLAB's name)
    """A new graph with the output ``source`` (``"name"`` or ``"name/out"``) connected to the
    input ``destination`` (``"name"`` or ``"name/in2"``)."""
    name, _, port = source.partition("/")
    graph._layer(name)
    if port not in ("", "out"):
        raise ValueError(f"layer {name!r} has one output, 'out'; got {source!r}")
    new = graph._copy()
    dest, index = new._input_index(destination)
    new._connect(name, dest, index)
    new.order()  # a cycle is an error now, not at the first call
    return new
