"""Methods a trace runs on objects it makes itself.

A traced function that makes an instance of a plain class of its module and calls a method on
it (`Scaler(2.0).apply(x)`, or `s = Scaler(k)` then `s.apply(x)`) runs that method in its own
trace, with the arguments it passes: a hazard in the method's body (a branch on a traced
argument, a host draw, a host conversion) is the trace's, as one in a helper function it calls
is (jax 0.10.2: a host draw in such a method repeats on every call, a branch on a traced argument
raises; benchmarks/framework_runs.py method_of_instance_made_in_trace; pytorch#197896's
`Helper().touch()`). The object itself is the trace's scratch: made anew on each trace, nothing
outlives it, so writes to its attributes are no finding (acclint.analysis.contexts'
`_outer_instance_method` keeps objects made outside every trace, whose writes do outlive it).
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.scopes import FunctionInfo


def made_instance_method(analysis, func: cst.Attribute, fn: FunctionInfo) -> FunctionInfo | None:
    """The method `func` names on an object `fn` makes: a call of a plain class of this module
    spelt as the receiver, or a local name of `fn` every binding of which is one, or, in a method
    running on such an object, an attribute of its `self` bound to one (`self.ball.move()` after
    `self.ball = Particle(...)`: made in the same trace; evojax's slimevolley `Game`). Framework
    modules are left to acclint.analysis.modules."""
    receiver = func.value
    if isinstance(receiver, cst.Name):
        if receiver.value not in analysis._body(fn).local_names or any(p.name == receiver.value for p in fn.params):
            return None
    elif isinstance(receiver, cst.Attribute):
        own = isinstance(receiver.value, cst.Name) and receiver.value.value == fn.instance_param
        if not own or not scratch_self(analysis, fn):
            return None
    elif not isinstance(receiver, cst.Call):
        return None
    cls = analysis.objects.instance_class(receiver, fn)
    if cls is None or cls in analysis.modules.of:
        return None
    method = analysis.find_method(cls, func.attr.value)
    if method is None or not method.is_method:
        return None
    analysis.scratch_methods.add(method)
    return method


def own_method_of_scratch(analysis, func: cst.BaseExpression, fn: FunctionInfo, found: FunctionInfo | None) -> FunctionInfo | None:
    """`found`, the callee of `func` in `fn`; where `fn` runs on an object a trace made and
    `func` is `self.method`, the method runs on that object too (`self.move()` in its `update`)."""
    if (
        found is not None and isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)
        and func.value.value == fn.instance_param and found.is_method and scratch_self(analysis, fn)
    ):
        analysis.scratch_methods.add(found)
    return found


def scratch_self(analysis, fn: FunctionInfo) -> bool:
    """Whether `fn` runs only on objects a trace made (a method neither decorated nor handed
    to a marker as bound): writes to its `self` are the trace's scratch."""
    decorated = isinstance(fn.node, cst.FunctionDef) and bool(fn.node.decorators)
    return fn in analysis.scratch_methods and not decorated and fn not in analysis.bound_methods
