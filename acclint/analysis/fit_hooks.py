"""The hooks of a Keras callback class that `fit` runs between its steps (`[built_state.callbacks]`
in keras.toml): `on_epoch_end`, `on_train_batch_begin`, ... of a class subclassing a callback
base, directly or through classes of this module.

`fit` calls each such hook once per epoch or step, an implicit host loop: what a hook makes
anew on each call (a `tf.function` of a function it defines) is made on every pass of it
(benchmarks/blind tf_new_function_loop_2: 10 traces in 10 epochs), and a write it makes lands
after the train function was built (rules/fit_callbacks.py, ACC607).
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import ClassInfo, FunctionInfo
from acclint.frameworks.markers import Callbacks


def is_callback(analysis: ModuleAnalysis, given: Callbacks, cls: ClassInfo, seen: set[str] | None = None) -> bool:
    """Whether `cls` subclasses a callback class, directly or through classes of this module."""
    seen = set() if seen is None else seen
    seen.add(cls.name)
    for base in cls.bases:
        if analysis.resolve(base) in given.bases:
            return True
        parent = analysis.index.classes.get(base.value) if isinstance(base, cst.Name) and base.value not in seen else None
        if parent is not None and is_callback(analysis, given, parent, seen):
            return True
    return False


def step_hooks(analysis: ModuleAnalysis) -> dict[FunctionInfo, str]:
    """Each hook method of a callback class of the module that `fit` runs on every epoch or
    step, with how (for messages)."""
    found: dict[FunctionInfo, str] = {}
    for given in (state.callbacks for state in analysis.markers.built_state if state.callbacks is not None):
        hooks = given.after_step | given.around_step
        for cls in analysis.index.all_classes:
            if hooks & cls.methods.keys() and is_callback(analysis, given, cls):
                for hook in sorted(hooks & cls.methods.keys()):
                    found.setdefault(cls.methods[hook], f"'{cls.name}.{hook}', which fit runs on every epoch or step")
    return found
