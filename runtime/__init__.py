"""acclint.runtime: MATLAB's Deep Learning Toolbox custom-training-loop API on JAX.

It reproduces ``dlaccelerate``'s semantics faithfully, hazards included, because it is the
ground truth the linter's rules are checked against. See ``docs/runtime.md``.
The runtime never imports the linter (``acclint``'s other modules).
"""

from .accelerate import (AccelerationCheckWarning, AcceleratedFunction, CacheFullWarning,
                         dlaccelerate)
from .autodiff import dlfeval, dlgradient
from .dlarray import dlarray
from .functions import (abs, atan, cos, dims, exp, extractdata, finddim, log, mean, relu,
                        sigmoid, sin, size, sqrt, stripdims, sum, tanh, where)
from .hazards import AccelerationHazardError, Hazard, HazardLog, record_hazards
from .random import rand, randn, rng

__all__ = [
    "AccelerationCheckWarning", "AccelerationHazardError", "AcceleratedFunction",
    "CacheFullWarning", "Hazard", "HazardLog", "abs", "atan", "cos", "dims", "dlaccelerate",
    "dlarray", "dlfeval", "dlgradient", "exp", "extractdata", "finddim", "log", "mean", "rand",
    "randn", "record_hazards", "relu", "rng", "sigmoid", "sin", "size", "sqrt", "stripdims",
    "sum", "tanh", "where",
]
