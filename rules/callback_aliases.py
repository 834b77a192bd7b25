"""The layers a callback holds from its construction, and the attributes their traced code reads.

`LambdaSchedule(grl, 3)` whose `__init__` keeps `self.layer = layer`: a hook's `self.layer.hp_lambda
= v` writes the attribute of the object handed at construction. When that object is an instance of
a class of this module whose traced method (a Keras layer's `call`) reads `self.hp_lambda`, `fit`'s
step read it while it was traced and keeps that value: the hook's write is ignored, like a
`trainable` change (gradient_reversal_keras_tf#7, keras#4837; run: benchmarks/framework_runs.py
keras_callback_writes_layer_attribute: a Python float read in `call` stays at its traced value,
where a `keras.Variable` set with `assign` is read on every step).
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.arguments import passed
from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.objects import spread_pairs
from acclint.analysis.scopes import ClassInfo, FunctionInfo
from acclint.analysis.walk import walk_all


def held_reads(analysis: ModuleAnalysis, callback: ClassInfo, made: cst.Call, scope: FunctionInfo | None) -> dict[str, frozenset[str]]:
    """Per attribute of the callback bound in its `__init__` to a parameter (`self.layer =
    layer`), the attributes the traced methods of the object `made` hands that parameter read
    through their `self` (`{"layer": {"hp_lambda"}}`); empty where that object's class is not
    known to be one of this module's with traced methods."""
    init = callback.methods.get("__init__")
    if init is None or init.self_name is None:
        return {}
    given = passed(made, init, bound=True)
    found: dict[str, frozenset[str]] = {}
    for node in walk_all(init.node):
        if not isinstance(node, cst.Assign) or not isinstance(node.value, (cst.Name, cst.Tuple)):
            continue
        for target in node.targets:
            for held, param in ((t, v.value) for t, v in spread_pairs(target.target, node.value) if isinstance(v, cst.Name)):
                if not isinstance(held, cst.Attribute) or not isinstance(held.value, cst.Name) or held.value.value != init.self_name:
                    continue
                arg = given.get(param)
                cls = analysis.instance_class(arg, scope) if arg is not None else None
                reads = traced_self_reads(cls) if cls is not None else frozenset()
                if reads:
                    found[held.attr.value] = reads
    return found


def traced_self_reads(cls: ClassInfo) -> frozenset[str]:
    """The attributes (not methods) the traced methods of `cls` read through their `self`."""
    reads: set[str] = set()
    for fn in cls.methods.values():
        if not fn.contexts or fn.self_name is None:
            continue
        for node in walk_all(fn.node):
            if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == fn.self_name:
                reads.add(node.attr.value)
    return frozenset(reads - cls.methods.keys())


def model_reads(analysis: ModuleAnalysis) -> frozenset[str]:
    """The attributes the traced methods of this module's classes read through their `self`: a
    hook's write of one on the fitted model's layers (`self.model.layers[1].sigma = v`) changes
    what a layer's traced `call` read."""
    return frozenset().union(*(traced_self_reads(cls) for cls in analysis.index.classes.values()))
