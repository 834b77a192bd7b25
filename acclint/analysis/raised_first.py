"""Calls that never run in a trace because an argument raises first.

Python evaluates a call's arguments before the call. Where a framework's host conversions raise
on a traced value (`[conversions] outcome = "error"`: `.numpy()` of a symbolic tensor under
tf.function, `float(tracer)` or `.item()` under jax.jit), a call handed such a conversion
(`print(t.numpy())`, `meter.update(float(loss))`) stops the trace there: the call never runs,
in any call of the compiled function, so neither its own effect (ACC4) nor anything in the
function it calls is reached; the conversion is the finding (ACC3). The conversions are the
framework's host methods (`[conversions] methods`) of a traced value and Python's scalar
conversions (`float`, `int`, `complex`) of one (run: benchmarks/blind jax_float_in_jit_1, jax
0.10.2: ConcretizationTypeError before `meter.update` runs). The rules ask it of an effect's call
(rules/acc4_side_effects.py), the context analysis of a helper's call (acclint.analysis.contexts),
each with its own test of a traced value.

The same holds for an assignment's store (`value_raises`): `self.total += value.numpy()` or
`self.best = float(loss)` converts in a part every run of the value evaluates (not a branch of a
conditional expression, the right of `and`/`or`, a comprehension's element or a lambda), so the
store never runs and ACC409 leaves it alone (benchmarks/blind2 tf_function_numpy_metric_2:15).
The statements after it are still judged, as each hazard is, as if the raise were fixed
(tests/test_tf_torch_frameworks.py lists one function's hazards line by line).
"""

from __future__ import annotations

from typing import Callable, Collection, Iterator

import libcst as cst

from acclint.analysis.walk import children, walk_expression
from acclint.frameworks.markers import Framework

# Python's conversions of a value to one number, which call the value's `__float__`, `__int__`,
# `__index__` or `__complex__`: a tracer or a symbolic tensor refuses them.
SCALAR_CONVERSIONS = frozenset({"float", "int", "complex"})


def raises_first(
    call: cst.Call, framework: Framework, kinds: Collection[str],
    resolve: Callable[[cst.BaseExpression], str | None], is_traced: Callable[[cst.BaseExpression], bool],
) -> bool:
    """Whether an argument of `call`, in a function `framework` traces in contexts of `kinds`,
    converts a traced value (`is_traced`) to a host value where that raises: the call never runs."""
    return any(is_traced(value) for value in converted_values(call, framework, kinds, resolve))


def converted_values(
    call: cst.Call, framework: Framework, kinds: Collection[str], resolve: Callable[[cst.BaseExpression], str | None],
) -> tuple[cst.BaseExpression, ...]:
    """The values the arguments of `call` convert to a host value by a conversion that raises
    on a traced one under `framework` in contexts of `kinds` (`t` of `t.numpy()` or of
    `float(t)`), in source order: `raises_first` asks whether one is traced. They depend on the
    call's text alone, so a caller that asks again as what is traced grows (the context
    analysis's rounds) can keep them."""
    return tuple(_conversions((node for arg in call.args for node in walk_expression(arg.value)), framework, kinds, resolve))


def value_raises(
    value: cst.BaseExpression, framework: Framework, kinds: Collection[str],
    resolve: Callable[[cst.BaseExpression], str | None], is_traced: Callable[[cst.BaseExpression], bool],
) -> bool:
    """Whether evaluating `value` (an assignment's) converts a traced value where that raises,
    in a part every evaluation reaches: the assignment never stores."""
    return any(is_traced(converted) for converted in _conversions(_always_evaluated(value), framework, kinds, resolve))


def _conversions(
    nodes: Iterator[cst.CSTNode], framework: Framework, kinds: Collection[str], resolve: Callable[[cst.BaseExpression], str | None],
) -> Iterator[cst.BaseExpression]:
    """The values `nodes` convert to a host value by a conversion that raises on a traced one
    under `framework` in contexts of `kinds`, in order (none where its conversions do not raise):
    what a call's arguments (`converted_values`) and an assignment's value (`value_raises`) ask."""
    if not framework.conversions_raise:
        return
    methods = framework.host_methods_for(frozenset(kinds))
    for node in nodes:
        converted = _converted(node, methods, resolve)
        if converted is not None:
            yield converted


def _always_evaluated(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """`root` and the nodes under it that every evaluation of it reaches: not the branches of
    a conditional expression, the right operand of `and`/`or`, a comprehension's element and
    conditions (the loop may run no pass) or a lambda's body; only the first iterable of a
    comprehension is evaluated at once."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, cst.Lambda):
            continue
        if isinstance(node, cst.IfExp):
            stack.append(node.test)
        elif isinstance(node, cst.BooleanOperation):
            stack.append(node.left)
        elif isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
            stack.append(node.for_in.iter)
        else:
            stack.extend(reversed(list(children(node))))


def _converted(node: cst.CSTNode, methods: frozenset[str], resolve) -> cst.BaseExpression | None:
    """The value `node` converts to a host value, if it is such a conversion."""
    if not isinstance(node, cst.Call):
        return None
    if isinstance(node.func, cst.Attribute):
        return node.func.value if node.func.attr.value in methods else None
    if resolve(node.func) in SCALAR_CONVERSIONS and len(node.args) == 1 and node.args[0].keyword is None:
        return node.args[0].value
    return None
