"""``trainingProgressMonitor`` for the console: MATLAB's custom-loop progress monitor, printed.

MATLAB's monitor is a figure; this one writes a line per recorded step to a text stream (and
keeps every value in ``history``), with the same calls::

    monitor = trainingProgressMonitor(metrics=["Loss"], info=["Epoch"], x_label="Iteration")
    recordMetrics(monitor, iteration, Loss=loss)
    updateInfo(monitor, Epoch=epoch)
    monitor.progress = 100 * iteration / total

Difference from MATLAB: there is no Stop button, so ``stop`` only becomes True when the loop
sets it; ``every`` prints one recorded step in that many (all are kept in ``history``).
Metric values may be dlarrays: they are read on the host (``float``), so record them outside
accelerated functions, as in MATLAB.
"""

import sys

from .properties import MatlabNames
from .options import name_value, pairs


class TrainingProgressMonitor(MatlabNames):
    """A console progress monitor; see the module docstring."""

    def __init__(self, metrics=(), info=(), x_label="Iteration", every=1, stream=None):
        self.metrics = tuple(metrics)
        self.info = tuple(info)
        self.x_label = x_label
        self.every = int(every)
        self.stream = stream
        self.history = {name: [] for name in self.metrics}
        self.values = {name: None for name in self.info}
        self.progress = 0.0
        self.stop = False
        self.status = ""
        self._recorded = 0

    def record(self, step, values):
        unknown = set(values) - set(self.metrics)
        if unknown:
            raise ValueError(f"recordMetrics: {sorted(unknown)} are not metrics of the monitor "
                             f"{list(self.metrics)}")
        for name, value in values.items():
            self.history[name].append((step, float(value)))
        self._recorded += 1
        if (self._recorded - 1) % self.every == 0:
            self._print(step, values)

    def update(self, values):
        unknown = set(values) - set(self.info)
        if unknown:
            raise ValueError(f"updateInfo: {sorted(unknown)} are not info fields of the monitor "
                             f"{list(self.info)}")
        self.values.update(values)

    def _print(self, step, values):
        parts = [f"{self.x_label} {step}"]
        parts += [f"{name} {float(value):.4g}" for name, value in values.items()]
        parts += [f"{name} {value}" for name, value in self.values.items() if value is not None]
        if self.progress:
            parts.append(f"{self.progress:.0f}%")
        if self.status:
            parts.append(self.status)
        print(" | ".join(parts), file=self.stream or sys.stdout, flush=True)


@name_value()
def trainingProgressMonitor(metrics=(), info=(), x_label="Iteration", every=1,  # noqa: N802
                            stream=None):
    """A console ``TrainingProgressMonitor`` (MATLAB's ``trainingProgressMonitor``)."""
    return TrainingProgressMonitor(metrics, info, x_label, every, stream)


def recordMetrics(monitor, step, *names_values, **values):  # noqa: N802 (MATLAB's name)
    """Record metric values at ``step`` (an iteration): ``recordMetrics(m, i, Loss=loss)`` or,
    as MATLAB, ``recordMetrics(m, i, "Loss", loss)``."""
    monitor.record(step, {**pairs(names_values, "recordMetrics"), **values})


def updateInfo(monitor, *names_values, **values):  # noqa: N802 (MATLAB's name)
    """Update the information fields shown with each line: ``updateInfo(m, Epoch=2)`` or
    ``updateInfo(m, "Epoch", 2)``."""
    monitor.update({**pairs(names_values, "updateInfo"), **values})
