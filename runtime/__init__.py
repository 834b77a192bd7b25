"""acclint.runtime: MATLAB's Deep Learning Toolbox custom-training-loop API on JAX.

It reproduces ``dlaccelerate``'s semantics faithfully, hazards included, because it is the
ground truth the linter's rules are checked against. See ``docs/runtime.md``, which also has
the porting guide (MATLAB names, 0-based dimensions).
The runtime never imports the linter (``acclint``'s other modules).

``from acclint.runtime import *`` brings in everything except ``sum``, ``abs``, ``max``,
``min``, ``round``, ``any`` and ``all``, which would shadow Python's built-ins (and break the
Python code of a training loop: ``sum(losses)`` over a list of floats); ask for them by name
(``from acclint.runtime import sum, max``) or use ``rt.sum`` after
``import acclint.runtime as rt``. A dlarray is not iterable, so a port's ``sum(X, 3)`` that
reaches Python's ``sum`` is a ``TypeError`` naming the runtime's ``sum``, never a wrong result.
Every option also takes MATLAB's spellings (``rand(3, 4, "like", X)``; see ``options``).
"""

from .accelerate import (AccelerationCheckWarning, AcceleratedFunction, CacheFullWarning,
                         clearCache, dlaccelerate)
from .arrays import all, any  # noqa: F401,A004 (by name only: not in __all__)
from .arrays import (circshift, cumprod, cumsum, flip, ndims, numel, pagemtimes, permute, prod,
                     repmat, sort, squeeze, std, var)
from .attention import SelfAttentionLayer, attention
from .autodiff import dlfeval, dlgradient
from .combination import (AdditionLayer, ConcatenationLayer, DepthConcatenationLayer,
                          cat)
from .data import (arrayDatastore, combine, hasdata, minibatchqueue, padsequences, reset,
                   shuffle)
from .dlarray import dlarray
from .elementwise import round  # noqa: F401,A004 (by name only: not in __all__)
from .elementwise import (acos, acosh, asin, asinh, atan2, atanh, ceil, conj, cosh, double, erf,
                          erfc, expm1, fix, floor, hypot, imag, isfinite, isinf, isnan, log1p,
                          log2, log10, mod, power, real, rem, sign, single, sinh, tan)
from .encoding import onehotdecode, onehotencode
from .functions import abs, max, min, sum  # noqa: F401 (by name only: not in __all__)
from .functions import (atan, cos, dims, exp, extractdata, finddim, gather, ifelse, log, mean,
                        ones, relu, sigmoid, sin, size, sqrt, stripdims, tanh, where, zeros)
from .graph import LayerGraph, addLayers, connectLayers
from .hazards import AccelerationHazardError, Hazard, HazardLog, record_hazards
from .input_layers import FeatureInputLayer, ImageInputLayer, SequenceInputLayer
from .layers import (Acceleratable, Convolution2DLayer, DropoutLayer, EmbeddingLayer,
                     FlattenLayer, FullyConnectedLayer, GELULayer, Layer, LeakyReLULayer,
                     ReLULayer, SigmoidLayer, SoftmaxLayer, TanhLayer,
                     TransposedConvolution2DLayer)
from .losses import crossentropy, huber, l1loss, l2loss, mse
from .monitor import (TrainingProgressMonitor, recordMetrics, trainingProgressMonitor,
                      updateInfo)
from .network import dlnetwork, forward, initialize, predict, resetState
from .nn import dltranspconv
from .nn import dlconv, dropout, embed, flatten, fullyconnect, gelu, leakyrelu, softmax
from .normalization import (BatchNormalizationLayer, GroupNormalizationLayer,
                            InstanceNormalizationLayer, LayerNormalizationLayer, batchnorm,
                            groupnorm, instancenorm, layernorm)
from .optim import adamupdate, dlupdate, rmspropupdate, sgdmupdate
from .pooling import (AveragePooling2DLayer, GlobalAveragePooling2DLayer, MaxPooling2DLayer,
                      avgpool, maxpool)
from .random import rand, randi, randn, rng
from .recurrent import BiLSTMLayer, GRULayer, LSTMLayer, gru, lstm
from .retrace import RetraceWarning

__all__ = [
    "TrainingProgressMonitor", "initialize", "recordMetrics", "resetState",
    "trainingProgressMonitor", "updateInfo",
    "GroupNormalizationLayer", "InstanceNormalizationLayer", "TransposedConvolution2DLayer",
    "dltranspconv", "groupnorm", "instancenorm",
    "BiLSTMLayer", "GRULayer", "LSTMLayer", "SelfAttentionLayer", "attention", "gru", "lstm",
    "RetraceWarning",
    "Acceleratable", "AcceleratedFunction", "AccelerationCheckWarning",
    "AccelerationHazardError", "acos", "acosh", "adamupdate", "AdditionLayer", "addLayers",
    "arrayDatastore", "asin", "asinh", "atan", "atan2", "atanh", "AveragePooling2DLayer",
    "avgpool", "batchnorm", "BatchNormalizationLayer", "CacheFullWarning", "cat", "ceil",
    "circshift", "clearCache", "combine", "ConcatenationLayer", "conj", "connectLayers",
    "Convolution2DLayer", "cos", "cosh", "crossentropy", "cumprod", "cumsum",
    "DepthConcatenationLayer", "dims", "dlaccelerate", "dlarray", "dlconv", "dlfeval",
    "dlgradient", "dlnetwork", "dlupdate", "double", "dropout", "DropoutLayer", "embed",
    "EmbeddingLayer", "erf", "erfc", "exp", "expm1", "extractdata", "FeatureInputLayer",
    "finddim", "fix", "flatten", "FlattenLayer", "flip", "floor", "forward", "fullyconnect",
    "FullyConnectedLayer", "gather", "gelu", "GELULayer", "GlobalAveragePooling2DLayer", "hasdata",
    "Hazard", "HazardLog", "huber", "hypot", "ifelse", "imag", "ImageInputLayer", "isfinite",
    "isinf", "isnan", "l1loss", "l2loss", "Layer", "LayerGraph", "layernorm", "LayerNormalizationLayer",
    "leakyrelu", "LeakyReLULayer", "log", "log10", "log1p", "log2", "maxpool",
    "MaxPooling2DLayer", "mean", "minibatchqueue", "mod", "mse", "ndims", "numel",
    "onehotdecode", "onehotencode", "ones", "padsequences", "pagemtimes", "permute", "power",
    "predict", "prod", "rand", "randi", "randn", "real", "record_hazards", "relu", "ReLULayer",
    "rem", "repmat", "reset", "rmspropupdate", "rng", "SequenceInputLayer", "sgdmupdate",
    "shuffle", "sigmoid", "SigmoidLayer", "sign", "sin", "single", "sinh", "size", "softmax",
    "SoftmaxLayer", "sort", "sqrt", "squeeze", "std", "stripdims", "tan", "tanh", "TanhLayer",
    "var", "where", "zeros",
]
