"""Data for custom training loops: ``arrayDatastore``, ``combine``, ``minibatchqueue`` and
``padsequences``, as MATLAB's.

``arrayDatastore(X, iteration_dimension=0)`` serves the observations of an array one at a time
(``X[..., i, ...]`` along the 0-based ``iteration_dimension``; MATLAB's ``IterationDimension``
is 1-based). ``combine(ds1, ds2)`` reads both together, one output each.
``minibatchqueue(ds, mini_batch_size=128, mini_batch_fcn=None, mini_batch_format=None, ...)``
batches them: ``hasdata(mbq)``, ``next(mbq)`` (a tuple of outputs, or one output), ``reset``
and ``shuffle``; it is also a Python iterator (``for X, T in mbq:`` runs one epoch). By
default the observations of each output are stacked along a new last dimension (MATLAB
concatenates along the dimension after the last, so ``"SSCB"`` images and ``"CB"`` features
come out in MATLAB's layout) and each output becomes a float32 ``dlarray`` labelled with its
``mini_batch_format`` entry. A ``mini_batch_fcn`` receives one list of observations per output
(MATLAB's cell arrays) and returns the outputs, as arrays. ``shuffle`` draws from the
runtime's random stream, so ``rng(seed)`` makes it reproducible.

Difference from MATLAB: the queue reads in the calling thread (no ``DispatchInBackground``)
and has no ``OutputEnvironment`` or ``OutputCast`` options: outputs are float32 (logical data
stays logical) dlarrays, or the batches as they are with ``output_as_dlarray=False``.
"""

import jax
import numpy as np

from . import random
from .dlarray import dlarray
from .options import choice, name_value


class ArrayDatastore:
    """The observations of one array (see the module docstring); ``read()`` returns the next."""

    def __init__(self, data, iteration_dimension=0):
        self.data = np.asarray(data)
        if not 0 <= iteration_dimension < self.data.ndim:
            raise ValueError(f"iteration_dimension {iteration_dimension} is not a dimension of "
                             f"an array of size {self.data.shape} (0-based)")
        self.iteration_dimension = iteration_dimension
        self.position = 0

    def __len__(self):
        return self.data.shape[self.iteration_dimension]

    def observation(self, index):
        return np.take(self.data, index, axis=self.iteration_dimension)

    def observations(self, indices):
        """One tuple per output (here one) of the observations at ``indices``."""
        return ([self.observation(i) for i in indices],)


class CombinedDatastore:
    """Several datastores read together (MATLAB's ``combine``); one output per datastore."""

    def __init__(self, *datastores):
        sizes = {len(ds) for ds in datastores}
        if len(sizes) != 1:
            raise ValueError(f"combine needs datastores with equal numbers of observations, got "
                             f"{[len(ds) for ds in datastores]}")
        self.datastores = datastores

    def __len__(self):
        return len(self.datastores[0])

    def observations(self, indices):
        return tuple(out for ds in self.datastores for out in ds.observations(indices))


@name_value(unsupported=("OutputType", "ReadSize"))
def arrayDatastore(data, iteration_dimension=0):  # noqa: N802 (MATLAB's name)
    """A datastore of the observations of ``data`` along ``iteration_dimension`` (0-based)."""
    return ArrayDatastore(data, iteration_dimension)


def combine(*datastores):
    """The datastores read together: one output per datastore."""
    return CombinedDatastore(*datastores)


def _stack(observations):
    return np.stack([np.asarray(o) for o in observations], axis=-1)


class minibatchqueue:  # noqa: N801 (MATLAB's name)
    """Mini-batches of a datastore; see the module docstring."""

    @name_value(unsupported=("DispatchInBackground", "OutputCast", "OutputEnvironment",
                             "PreprocessingEnvironment"))
    def __init__(self, datastore, mini_batch_size=128, mini_batch_fcn=None,
                 mini_batch_format=None, partial_mini_batch="return", output_as_dlarray=True):
        self.datastore = datastore
        self.mini_batch_size = int(mini_batch_size)
        self.mini_batch_fcn = mini_batch_fcn
        self.mini_batch_format = ((mini_batch_format,) if isinstance(mini_batch_format, str)
                                  else tuple(mini_batch_format or ()))
        self.partial_mini_batch = choice(partial_mini_batch, ("return", "discard"),
                                         "partial_mini_batch")
        self.output_as_dlarray = output_as_dlarray
        self._order = np.arange(len(datastore))
        self._position = 0

    def hasdata(self):
        left = len(self._order) - self._position
        return left >= (self.mini_batch_size if self.partial_mini_batch == "discard" else 1)

    def reset(self):
        """Back to the first mini-batch (the order is kept)."""
        self._position = 0

    def shuffle(self):
        """A new random order of the observations, and back to the first mini-batch."""
        base, counter = random.stream()
        key = jax.random.fold_in(base, counter)
        self._order = np.asarray(jax.random.permutation(key, len(self.datastore)))
        self._position = 0

    def __iter__(self):
        return self

    def __next__(self):
        if not self.hasdata():
            raise StopIteration
        indices = self._order[self._position:self._position + self.mini_batch_size]
        self._position += len(indices)
        per_output = self.datastore.observations(indices)
        if self.mini_batch_fcn is None:
            outputs = tuple(_stack(obs) for obs in per_output)
        else:
            outputs = self.mini_batch_fcn(*per_output)
            outputs = outputs if isinstance(outputs, tuple) else (outputs,)
        outputs = tuple(self._output(i, out) for i, out in enumerate(outputs))
        return outputs[0] if len(outputs) == 1 else outputs

    def _output(self, position, value):
        if not self.output_as_dlarray:
            return value
        fmt = self.mini_batch_format[position] if position < len(self.mini_batch_format) else ""
        data = np.asarray(value)
        return dlarray(data if data.dtype.kind == "b" else data.astype(np.float32), fmt)


def hasdata(queue):
    """Whether ``next(queue)`` has a mini-batch to return."""
    return queue.hasdata()


def reset(queue):
    """Back to the first mini-batch."""
    queue.reset()


def shuffle(queue):
    """A new random order (the runtime's random stream), back to the first mini-batch."""
    queue.shuffle()


@name_value(unsupported=("UniformOutput",))
def padsequences(sequences, padding_dim, length="longest", direction="right",
                 padding_value=0):
    """Sequences of different lengths padded along ``padding_dim`` (0-based) to one length and
    stacked along a new last dimension, with the mask of real (not padded) elements:
    ``x, mask = padsequences(seqs, 1)`` (MATLAB's ``padsequences(X, 2)``). ``length`` is
    ``"longest"``, ``"shortest"`` (truncating) or an int; ``direction`` ``"right"`` or
    ``"left"``."""
    arrays = [np.asarray(s) for s in sequences]
    lengths = [a.shape[padding_dim] for a in arrays]
    if isinstance(length, str):
        length = choice(length, ("longest", "shortest"), "length (or a positive int)")
    target = {"longest": max(lengths), "shortest": min(lengths)}.get(length, length)
    if not isinstance(target, int) or target < 1:
        raise ValueError(f"length must be 'longest', 'shortest' or a positive int, got "
                         f"{length!r}")
    direction = choice(direction, ("right", "left"), "direction")
    padded, masks = [], []
    for a in arrays:
        kept = np.take(a, np.arange(min(a.shape[padding_dim], target)),
                       axis=padding_dim)
        missing = target - kept.shape[padding_dim]
        widths = [(0, 0)] * a.ndim
        widths[padding_dim] = (0, missing) if direction == "right" else (missing, 0)
        padded.append(np.pad(kept, widths, constant_values=padding_value))
        masks.append(np.pad(np.ones_like(kept, dtype=bool), widths, constant_values=False))
    return np.stack(padded, axis=-1), np.stack(masks, axis=-1)
