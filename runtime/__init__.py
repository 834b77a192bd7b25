"""acclint.runtime: MATLAB's Deep Learning Toolbox custom-training-loop API on JAX.

It reproduces ``dlaccelerate``'s semantics faithfully, hazards included, because it is the
ground truth the linter's rules are checked against. See ``docs/runtime.md``, which also has
the porting guide (MATLAB names, 0-based dimensions).
The runtime never imports the linter (``acclint``'s other modules).

``from acclint.runtime import *`` brings in everything except ``sum``, ``abs``, ``max`` and
``min``, which would shadow Python's built-ins; ask for them by name
(``from acclint.runtime import sum, max``) or use ``rt.sum`` after
``import acclint.runtime as rt``.
"""

from .accelerate import (AccelerationCheckWarning, AcceleratedFunction, CacheFullWarning,
                         dlaccelerate)
from .autodiff import dlfeval, dlgradient
from .combination import (AdditionLayer, ConcatenationLayer, DepthConcatenationLayer,
                          cat)
from .dlarray import dlarray
from .encoding import onehotdecode, onehotencode
from .functions import abs, max, min, sum  # noqa: F401 (by name only: not in __all__)
from .functions import (atan, cos, dims, exp, extractdata, finddim, log, mean, ones, relu,
                        sigmoid, sin, size, sqrt, stripdims, tanh, where, zeros)
from .graph import LayerGraph, addLayers, connectLayers
from .hazards import AccelerationHazardError, Hazard, HazardLog, record_hazards
from .input_layers import FeatureInputLayer, ImageInputLayer, SequenceInputLayer
from .layers import (Acceleratable, Convolution2DLayer, DropoutLayer, EmbeddingLayer,
                     FlattenLayer, FullyConnectedLayer, GELULayer, Layer, LeakyReLULayer,
                     ReLULayer, SigmoidLayer, SoftmaxLayer, TanhLayer)
from .losses import crossentropy, huber, l1loss, l2loss, mse
from .network import dlnetwork, forward, predict
from .nn import dlconv, dropout, embed, flatten, fullyconnect, gelu, leakyrelu, softmax
from .normalization import (BatchNormalizationLayer, LayerNormalizationLayer, batchnorm,
                            layernorm)
from .optim import adamupdate, dlupdate, rmspropupdate, sgdmupdate
from .pooling import (AveragePooling2DLayer, GlobalAveragePooling2DLayer, MaxPooling2DLayer,
                      avgpool, maxpool)
from .random import rand, randi, randn, rng

__all__ = [
    "Acceleratable", "AccelerationCheckWarning", "AccelerationHazardError",
    "AcceleratedFunction", "AdditionLayer", "AveragePooling2DLayer", "BatchNormalizationLayer",
    "CacheFullWarning", "ConcatenationLayer", "Convolution2DLayer", "DepthConcatenationLayer",
    "DropoutLayer", "EmbeddingLayer", "FeatureInputLayer", "FlattenLayer",
    "FullyConnectedLayer", "GELULayer", "GlobalAveragePooling2DLayer", "Hazard", "HazardLog",
    "ImageInputLayer", "Layer", "LayerGraph", "LayerNormalizationLayer", "LeakyReLULayer",
    "MaxPooling2DLayer", "ReLULayer", "SequenceInputLayer", "SigmoidLayer", "SoftmaxLayer",
    "TanhLayer", "adamupdate", "addLayers", "atan", "avgpool", "batchnorm", "cat",
    "connectLayers", "cos", "crossentropy", "dims", "dlaccelerate", "dlarray", "dlconv",
    "dlfeval", "dlgradient", "dlnetwork", "dlupdate", "dropout", "embed", "exp", "extractdata",
    "finddim", "flatten", "forward", "fullyconnect", "gelu", "huber", "l1loss", "l2loss",
    "layernorm", "leakyrelu", "log", "maxpool", "mean", "mse", "onehotdecode", "onehotencode",
    "ones", "predict", "rand", "randi", "randn", "record_hazards", "relu", "rmspropupdate",
    "rng", "sgdmupdate", "sigmoid", "sin", "size", "softmax", "sqrt", "stripdims", "tanh",
    "where", "zeros",
]
