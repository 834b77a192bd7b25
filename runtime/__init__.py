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
from .layers import (Acceleratable, Convolution2DLayer, FullyConnectedLayer, Layer, ReLULayer,
                     SoftmaxLayer)
from .network import dlnetwork, forward, predict
from .nn import crossentropy, dlconv, fullyconnect, softmax
from .optim import adamupdate, sgdmupdate
from .random import rand, randn, rng

__all__ = [
    "Acceleratable", "AccelerationCheckWarning", "AccelerationHazardError",
    "AcceleratedFunction", "CacheFullWarning", "Convolution2DLayer", "FullyConnectedLayer",
    "Hazard", "HazardLog", "Layer", "ReLULayer", "SoftmaxLayer", "abs", "adamupdate", "atan",
    "cos", "crossentropy", "dims", "dlaccelerate", "dlarray", "dlconv", "dlfeval", "dlgradient",
    "dlnetwork", "exp", "extractdata", "finddim", "forward", "fullyconnect", "log", "mean",
    "predict", "rand", "randn", "record_hazards", "relu", "rng", "sgdmupdate", "sigmoid", "sin",
    "size", "softmax", "sqrt", "stripdims", "sum", "tanh", "where",
]
