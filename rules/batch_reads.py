"""A static read of a traced input's batch size given as a dimension where the trace may not know it.

Keras's `fit` and `predict` trace a layer's `call` at the first batch's size, then retrace it
with the batch dimension relaxed to None for a smaller last batch (river-dl#109): there
`x.shape[0]` is None, and a tensor maker or a reshape given it as a dimension raises TypeError
(`[conversions.batch_shapes]` of the framework's data names those calls). The static read is
found spelt in place (`tf.zeros((x.shape[0], h))`) or through a local name every binding of which
is one (`batch_size = x.shape[0]`), unless the function tests that name against None (Keras's own
layers fall back to `ops.shape(x)[0]` so), and not in a module that chooses a backend whose traces
keep the batch (`os.environ["KERAS_BACKEND"] = "jax"`: `batch_backends`). Used by ACC302.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.taint import Kind
from acclint.analysis.walk import walk_body
from acclint.frameworks.markers import Framework
from acclint.lint.rule import RuleContext


def unknown_batch_read(node: cst.Call, framework: Framework, ctx: RuleContext) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """The dimension of its shape argument that `node`, a call of the framework's
    `batch_shapes`, is given from a static batch-size read, with the read itself (the first
    binding of a name: where the fix is written), or None."""
    spot = framework.batch_shapes.get(ctx.resolve(node.func) or "")
    if spot is None or _other_backend(framework, ctx):
        return None
    position, keyword = spot
    positional = [a.value for a in node.args if a.keyword is None and not a.star]
    named = [a.value for a in node.args if a.keyword is not None and a.keyword.value == keyword]
    shape = named[0] if named else positional[position] if position < len(positional) else None
    if not isinstance(shape, (cst.Tuple, cst.List)):
        return None
    for element in shape.elements:
        read = _batch_read(element.value, ctx) if isinstance(element, cst.Element) else None
        if read is not None:
            return element.value, read
    return None


def _batch_read(value: cst.BaseExpression, ctx: RuleContext) -> cst.BaseExpression | None:
    """`value` if it is `x.shape[0]` of a traced parameter; for a local name only ever bound
    to such reads and never tested against None in the function, its first binding."""
    if isinstance(value, cst.Name):
        params = {p.name for p in ctx.function.params}
        flows = ctx.analysis.body(ctx.function).flows_into.get(value.value, [])
        bound = value.value not in params and bool(flows) and all(how == "=" and _static_first_axis(b, ctx) for _, b, how in flows)
        return flows[0][1] if bound and not _tested_against_none(value.value, ctx) else None
    return value if _static_first_axis(value, ctx) else None


def _other_backend(framework: Framework, ctx: RuleContext) -> bool:
    """Whether the module sets the backend variable (`os.environ["KERAS_BACKEND"] = "jax"`, at
    its top level) to a backend whose traces keep the batch size."""
    for line in ctx.analysis.module.body:
        for small in line.body if isinstance(line, cst.SimpleStatementLine) else ():
            if not (isinstance(small, cst.Assign) and isinstance(small.value, cst.SimpleString) and len(small.targets) == 1):
                continue
            target = small.targets[0].target
            if (
                isinstance(target, cst.Subscript) and ctx.resolve(target.value) == "os.environ" and len(target.slice) == 1
                and isinstance(key := target.slice[0].slice, cst.Index) and isinstance(key.value, cst.SimpleString)
                and key.value.evaluated_value == framework.batch_backend_variable
            ):
                return small.value.evaluated_value not in framework.batch_backends
    return False


def _static_first_axis(value: cst.BaseExpression, ctx: RuleContext) -> bool:
    """`x.shape[0]` with `x` a traced parameter of the visited function (a structure of
    tensors as the analysis knows a Keras input at least: one read for its `shape` is a tensor)."""
    if not (isinstance(value, cst.Subscript) and len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index)):
        return False
    index, read = value.slice[0].slice.value, value.value
    if not (isinstance(index, cst.Integer) and index.evaluated_value == 0):
        return False
    if not (isinstance(read, cst.Attribute) and read.attr.value == "shape" and isinstance(read.value, cst.Name)):
        return False
    name = read.value  # a parameter the function never rebinds: the input as the trace gets it
    if not any(p.name == name.value for p in ctx.function.params) or ctx.analysis.body(ctx.function).flows_into.get(name.value):
        return False
    return ctx.read_kind(name, sized=True) >= Kind.TREE


def _tested_against_none(name: str, ctx: RuleContext) -> bool:
    """Whether the visited function compares `name` with None (`is None`, `is not None`, `==`)."""
    for node in walk_body(ctx.function.node):
        if isinstance(node, cst.Comparison):
            sides = [node.left, *(t.comparator for t in node.comparisons)]
            if any(isinstance(s, cst.Name) and s.value == name for s in sides) and any(isinstance(s, cst.Name) and s.value == "None" for s in sides):
                return True
    return False

