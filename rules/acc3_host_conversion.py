"""ACC3xx: traced values converted to host values (the trace, and the gradient, are cut)."""

from __future__ import annotations

import libcst as cst

from acclint.analysis.facts import value_facts
from acclint.analysis.taint import Kind
from acclint.fix.imports import framework_of
from acclint.frameworks.markers import CACHED, DIFFERENTIATED, VMAPPED
from acclint.lint.rule import Rule, RuleContext
from acclint.rules.acc2_control_flow import recorded_size_read
from acclint.rules.acc3_shapes import surely_traced
from acclint.rules.batch_reads import unknown_batch_read
from acclint.rules.module_defaults import default_module_call
from acclint.rules.trace_uses import read_dimension, used_at_example_shapes
from acclint.rules.tables import apis
from acclint.rules.traced_sizes import conversion

TRACED_CONTEXTS = frozenset({CACHED, DIFFERENTIATED, VMAPPED})
PYTHON_SCALARS = frozenset({"float", "int", "complex", "range"})


def _first_traced_arg(node: cst.Call, ctx: RuleContext) -> cst.BaseExpression | None:
    for arg in node.args:
        if ctx.is_traced(arg.value):
            return arg.value
    return None


def _host_kind(node: cst.Call, ctx: RuleContext) -> tuple[str, str] | None:
    """(qualified name, kind) of a host-conversion call, per the analysis's value facts: a
    function's (`np.asarray`), or a method's of an object whose class the data know
    (`model.predict` of a `keras.Sequential(...)`: `keras.Model.predict`)."""
    qualified = ctx.resolve(node.func)
    kind = ctx.analysis.facts.host_conversion(qualified)
    if kind is None and (by_default := default_module_call(node.func, ctx)) is not None:
        qualified, kind = by_default, ctx.analysis.facts.host_conversion(by_default)  # `xnp.stack` with `xnp=np`
    if kind is None and isinstance(node.func, cst.Attribute) and node.func.attr.value in ctx.analysis.facts.host_method_names:
        for cls in sorted(ctx.analysis.types(node.func.value, ctx.function, callers=True)):
            qualified = f"{cls}.{node.func.attr.value}"
            kind = ctx.analysis.facts.host_calls.get(qualified)
            if kind is not None:
                break
    return None if kind is None else (qualified or "", kind)


def _reads_host_call_class(rule: type[Rule], qualified: str) -> bool:
    """`Rule.reads_objects_of` of a rule asking `_host_kind`: the classes a method of which
    the data name a host conversion (`keras.Model` of `keras.Model.predict`)."""
    return qualified in value_facts().host_call_classes


def _only_printed(ctx: RuleContext) -> bool:
    """Whether the value of the conversion being visited reaches nothing but a host print (an
    argument of `print`, also inside an f-string: `print("mean", float(h.mean()))`), where the
    framework records a conversion as a constant rather than raising (torch.jit.trace): the
    constant changes no traced result, and the print, run only while tracing, is the finding
    (ACC401; benchmarks/blind torch_trace_print_1: the traced module's outputs match the
    module's, its prints are gone). It holds of every conversion rule: Python's scalars (ACC302),
    a tensor's host methods (ACC303: `print(f"{t.mean().item():.3f}")`, benchmarks/blind3
    torch_trace_print_1) and NumPy's (ACC304)."""
    return framework_of(ctx).conversions_recorded and printed_only(ctx)


def printed_only(ctx: RuleContext) -> bool:
    """Whether the node being visited is an argument of a host print and nothing else (also
    inside an f-string: `print(f"{self.name}")`): what it holds reaches no traced result."""
    for ancestor in reversed(ctx.ancestors):
        if isinstance(ancestor, cst.Call):
            return ctx.resolve(ancestor.func) in apis()["io"]["stdout"]
        if not isinstance(ancestor, (cst.Arg, cst.FormattedString, cst.FormattedStringExpression)):
            return False
    return False


def _only_tested(node: cst.CSTNode, parent: cst.CSTNode | None) -> bool:
    """Whether `parent` uses `node` only as a comparison's operand or a truth test, whose
    result has no gradient for `extractdata` to cut."""
    if isinstance(parent, (cst.Comparison, cst.ComparisonTarget)):
        return True
    if isinstance(parent, (cst.If, cst.While, cst.IfExp)) and parent.test is node:
        return True
    return isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not)


class ExtractdataOfTracedValue(Rule):
    """`extractdata(x)` of a traced value.

    What it does:
        Flags the runtime's `extractdata` applied to a value that is traced in an accelerated
        or differentiated function. Not when its result is only compared or truth-tested
        (`if extractdata(x) > 0:`): a comparison carries no gradient to cut, and a branch on
        a traced value is ACC201's finding.

    Why is this bad:
        `extractdata` returns the raw data without its derivative trace: gradients do not flow
        through the result, so `dlgradient` silently treats it as a constant.

    Example:
        def loss_fn(w, x):
            scale = extractdata(mean(w))
            return dlsum(scale * w * x)

    Use instead:
        Keep the dlarray: `scale = mean(w)`. Call `extractdata` only outside `dlfeval` /
        `dlaccelerate` (for logging or plotting) or where a constant is really meant.

    Fix safety:
        No automatic fix: whether the cut is intended is yours to decide.
    """

    code = "ACC301"
    name = "extractdata-of-traced-value"
    contexts = TRACED_CONTEXTS
    VALID = [
        """
from acclint.runtime import dlfeval, dlgradient, extractdata, mean

def loss_fn(w):
    loss = mean(w * w)
    return loss, dlgradient(loss, w)

def train(w):
    loss, grad = dlfeval(loss_fn, w)
    return extractdata(loss)
""",
        """
from acclint.runtime import dlfeval, dlgradient, extractdata, mean, where

def loss_fn(w):
    loss = mean(w * w)
    scale = where(extractdata(loss) > 1, 0.5, 1.0)
    return loss * scale, dlgradient(loss, w)

def train(w):
    return dlfeval(loss_fn, w)
""",
    ]
    INVALID = [
        """
from acclint.runtime import dlfeval, dlgradient, extractdata, mean

def loss_fn(w):
    scale = extractdata(mean(w))  # expect: ACC301
    loss = mean(scale * w * w)
    return loss, dlgradient(loss, w)

def train(w):
    return dlfeval(loss_fn, w)
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        if ctx.resolve(node.func) != "acclint.runtime.extractdata" or _only_tested(node, ctx.parent):
            return
        arg = _first_traced_arg(node, ctx)
        if arg is not None:
            ctx.report(
                node,
                f"extractdata of traced value '{ctx.traced_name(arg)}' cuts its derivative trace: "
                "gradients do not flow through it; keep the dlarray",
            )


class ScalarConversionOfTracedValue(Rule):
    """A traced value, or a size the trace records or may not know, used where Python needs a number: `float(x)`, `int(x)`, `range(n)`, `len(x)`, a dimension.

    What it does:
        Flags conversions of a traced array to a Python number, also the bounds of a `range`
        when they are arrays for sure (`for _ in range(n):` with `n` a jitted argument that is not
        static and that the module passes a Python int). Where the framework records sizes as
        constants (`torch.jit.trace`: `[conversions] sizes` in its data), also `len(x)` of a
        traced parameter: the example input's length (in a Keras 3 call, which Keras traces
        with the batch dimension unknown, it raises `TypeError`); and where it records a traced
        input's size reads as tensors (`[conversions] size_reads`), a Python number made of one
        (`int(x.shape[0] / 2)`, `float(x.size(1))`, `math.ceil(n / 2)` with `n = x.shape[0]`),
        which stores the example's size (timm#1673: a call at another batch size reshapes
        with the old one), and a `range` with such a bound (`for i in range(x.size(0))`,
        `range(1, n)`), whose trip count is the example's, with no TracerWarning (pytorch#11540);
        and where it records how many pieces a traced input is cut into along its first
        dimension (`[conversions] cuts`: `torch.split(x, s)`, `x.split(s)`, `torch.unbind(x)`,
        `x.unbind()`, the default dimension being 0), such a cut iterated, returned or
        star-unpacked: the list holds the example's number of pieces, and a call at another
        batch size raises (pytorch#27551); not one unpacked into a fixed number of names
        (`a, b = x.split(1)`) or indexed (`x.unbind()[0]`), nor a split into listed sections
        (`torch.split(x, [1, 2])`), nor a cut along another dimension. Where the framework
        traces with the batch dimension unknown on some trace (`[conversions.batch_shapes]`:
        Keras's `fit`/`predict` retrace `call` with it None for a smaller last batch), also a
        static read of a traced input's batch size (`x.shape[0]`, or a local name bound only to
        such reads and never tested against None) given as a dimension to a tensor maker or a
        reshape (`tf.zeros((x.shape[0], h))`, `keras.ops.zeros`, `tf.reshape`,
        `tf.random.normal`): it raises TypeError there (river-dl#109); `tf.shape(x)[0]` is the
        traced size.
        Under torch.jit.trace, a size read off a traced tensor (`x.size()`, `x.shape`, an
        element, slice, unpacked name, loop or comprehension target or tuple of them, also
        through a local, a helper's parameter, or arithmetic) is a traced value, and converting
        it to a Python number bakes the example's value: besides `int`/`float`/`math`
        (`[int(s) for s in x.size()[2:]]`, `float(w // p)` in a helper given `w` of `_, _, w, h =
        img.shape`), `min`/`max` of it (`min(num_boxes, 10)`: `[conversions] size_choices`), a
        legacy typed constructor given it (`torch.FloatTensor(torch.Size(t))`,
        `torch.ByteTensor(x.size())`, `x.new(n, 3)`: `legacy_constructors`, `legacy_methods`),
        and an argument an op takes only as a Python int (`groups=N`, `stride`, `padding`,
        `dilation` of the functional convolutions, `x.chunk(n)`: `int_arguments`; run:
        benchmarks/framework_runs.py trace_size_conversions). A size passed on as a size
        (`x.view(N, -1)`, `torch.zeros(x.size())`, `F.avg_pool2d(f, f.size()[2:])`,
        `F.interpolate(x, size=y.shape[2:])`, `x.topk(n // 2)`) is recorded, and not flagged.
        Such a number, trip count or `len(x)` is right at the example's shapes: none is flagged where
        the module only exports or saves the trace (`torch.onnx.export`, `traced.save`) or calls
        it with inputs made as the example was (`torch.rand(1, 8, 20, 20)` both, spelt in place
        or through a name bound once where the trace is made, module-level or a function's own;
        `[conversions] exports`, `example_makers`; rules/trace_uses.py; run:
        benchmarks/framework_runs.py trace_size_used_at_example_shape, yolov5-dnn#11). A size
        read of one axis with a literal index (`x.shape[1]`, `x.size(1)`, also of `s = x[i]`,
        one axis further) is right for inputs of the example's rank and size on that axis, so
        calls that change only other axes leave it alone (ssd_87's class count; run:
        trace_size_read_per_axis).

    Why is this bad:
        The value has to be concrete on the host: `jax.jit` and `jax.grad` raise a
        `ConcretizationTypeError`; `dlaccelerate` stores the first call's number in the trace
        as a constant and no gradient flows through it. `torch.jit.trace` records `len(x)` as
        the example's batch size (a `TracerWarning`), where `x.size(0)` would be recorded as an
        operation.

    Example:
        @jax.jit
        def normalise(x):
            return x / float(x.max())

    Use instead:
        @jax.jit
        def normalise(x):
            return x / x.max()

    Fix safety:
        No automatic fix.
    """

    code = "ACC302"
    name = "scalar-conversion-of-traced-value"
    contexts = TRACED_CONTEXTS
    VALID = [
        """
import jax

@jax.jit
def normalise(x, eps: float):
    return x / (x.max() + float(eps)) * int(x.shape[0])
""",
    ]
    INVALID = [
        """
import jax

@jax.jit
def normalise(x):
    return x / float(x.max())  # expect: ACC302
""",
        """
import jax

@jax.jit
def power(a, b, n):
    for _ in range(n):  # expect: ACC302
        b = a @ b
    return b

power(a0, b0, 20)
""",
        """
import torch

def loop_in_traced_fn(x):
    result = x[0]
    for i in range(x.size(0)):  # expect: ACC302
        result = result * x[i]
    return result

traced = torch.jit.trace(loop_in_traced_fn, (torch.rand(3, 4, 5),))
""",
    ]

    reads_objects_of = classmethod(_reads_host_call_class)

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        found = _host_kind(node, ctx)
        if found is None:
            self._size(node, ctx)
            self._cut(node, ctx)
            self._converted_size(node, ctx)
            self._batch(node, ctx)
            return
        qualified, kind = found
        if qualified not in PYTHON_SCALARS and not qualified.startswith("math."):
            return
        arg = _first_traced_arg(node, ctx)
        if arg is not None and qualified == "range" and not surely_traced(arg, ctx):
            arg = None  # a loop count is configuration as often as not: only an array for sure counts
        if arg is None:
            self._recorded_size(node, ctx, qualified)
        elif not _only_printed(ctx):
            ctx.report(
                node,
                f"'{ctx.code_for(node.func)}' turns traced value '{ctx.traced_name(arg)}' into a {kind}: "
                + framework_of(ctx).says(self.code, "it raises under jit/grad and is frozen by dlaccelerate; keep array operations"),
            )

    def _recorded_size(self, node: cst.Call, ctx: RuleContext, qualified: str) -> None:
        """A Python number made of a size the framework records as a tensor (`size_reads`:
        `int(x.shape[0] / 2)` under torch.jit.trace keeps the example's size); for a `range`,
        any of its bounds (`range(1, x.size(1))`): its trip count is the example's. A bound that
        is itself such a conversion (`range(int(n))`) is that conversion's finding."""
        bounds = node.args if qualified == "range" else node.args[:1]
        read = next(
            (r for a in bounds if a.keyword is None and not _converts(a.value, ctx) and (r := recorded_size_read(a.value, ctx)) is not None),
            None,
        )
        if read is None or used_at_example_shapes(ctx.function, ctx, read_dimension(read, ctx)):
            return  # no size read, or a trace used only at its example's shapes (on the axis read)
        framework = framework_of(ctx)
        if qualified == "range":
            ctx.report(node, f"'range' of '{ctx.code_for(read)}', the size of a traced value, {framework.hints['size_range']}")
            return
        ctx.report(
            node,
            f"'{ctx.code_for(node.func)}' turns '{ctx.code_for(read)}', the size of a traced value, into a Python number: "
            + framework.says(self.code, "it is frozen into the trace; use the tensor's size operation"),
        )

    def _converted_size(self, node: cst.Call, ctx: RuleContext) -> None:
        """A recorded size (`size_reads`) made a Python number by another call than `int`/`float`
        (rules/traced_sizes.py `conversion`: `min`/`max` of it, a legacy typed constructor, an
        argument an op takes only as a Python int), where the trace may run at other shapes."""
        if not framework_of(ctx).size_reads:
            return
        found = conversion(node, ctx, lambda e: None if _converts(e, ctx) else recorded_size_read(e, ctx))
        if found is None:
            return
        where, read, what = found
        if used_at_example_shapes(ctx.function, ctx, read_dimension(read, ctx)):
            return
        ctx.report(
            where,
            f"'{ctx.code_for(read)}', the size of a traced value, is made a Python number here ({what}): "
            + framework_of(ctx).hints["size_number"],
        )

    def _size(self, node: cst.Call, ctx: RuleContext) -> None:
        """`len(x)` of a traced parameter where the framework bakes it (`size_calls`)."""
        qualified = ctx.resolve(node.func)
        if qualified not in framework_of(ctx).size_calls or len(node.args) != 1:
            return
        arg = node.args[0].value
        if (
            isinstance(arg, cst.Name) and _input(arg.value, ctx) and ctx.read_kind(arg, sized=True) is Kind.TRACED
            and not _shapeless_there(node, arg.value, ctx) and not used_at_example_shapes(ctx.function, ctx)
        ):
            ctx.report(
                node,
                f"'{ctx.code_for(node.func)}' turns traced value '{arg.value}' into a Python int (its length): "
                + framework_of(ctx).says(self.code, "it is frozen into the trace; use the tensor's size operation"),
            )

    def _batch(self, node: cst.Call, ctx: RuleContext) -> None:
        """A static read of a traced input's batch size given as a dimension where the trace
        may hold it as None (`[conversions.batch_shapes]`: Keras; rules/batch_reads.py)."""
        framework = framework_of(ctx)
        found = unknown_batch_read(node, framework, ctx) if framework.batch_shapes else None
        if found is not None:
            dimension, read = found
            ctx.report(
                read,
                f"'{ctx.code_for(read)}', the static batch size of a traced input, is given to '{ctx.code_for(node.func)}' as a dimension"
                + (f" (as '{ctx.code_for(dimension)}')" if dimension is not read else "") + ": " + framework_of(ctx).hints["batch_shape"],
            )

    def _cut(self, node: cst.Call, ctx: RuleContext) -> None:
        """A traced input cut into a Python list along its first dimension where the framework
        records the list's length (`cut_calls`: `torch.split(x, s)`, `x.unbind()`), unless the
        pieces are unpacked into a fixed number of names or one is indexed out (a count the
        program fixes itself)."""
        cut = cut_of_input(node, framework_of(ctx).cut_calls, ctx)
        if cut is None or fixed_count(ctx) or _shapeless_there(node, cut.value, ctx) or used_at_example_shapes(ctx.function, ctx):
            return
        ctx.report(
            node,
            f"'{ctx.code_for(node.func)}' cuts traced value '{cut.value}' into a Python list along its first dimension: "
            + framework_of(ctx).hints["cut"],
        )


def cut_of_input(node: cst.Call, cuts: dict[str, int], ctx: RuleContext) -> cst.Name | None:
    """The traced input `node` cuts along its first dimension (`torch.split(x, s)`,
    `x.split(s, dim=0)`, `torch.unbind(x)`, `x.unbind()`), or None: `cuts` names the functions,
    whose methods are their last names, each with the position of its `dim` in the function."""
    qualified = ctx.resolve(node.func) or ""
    positional = [a.value for a in node.args if a.keyword is None and not a.star]
    if qualified in cuts and positional:
        tensor, dim_at = positional[0], cuts[qualified]
    else:
        method = node.func.attr.value if isinstance(node.func, cst.Attribute) else None
        by_method = {name.rsplit(".", 1)[-1]: at for name, at in cuts.items()}
        if method not in by_method or qualified in cuts:
            return None
        tensor, dim_at = node.func.value, by_method[method]  # type: ignore[union-attr]
        positional = [tensor, *positional]
    if len(positional) > 1 and isinstance(positional[1], (cst.List, cst.Tuple, cst.ListComp)):
        return None  # `torch.split(x, [1, 2])`: as many pieces as sections, which eager needs to sum to the size
    keyword = next((a.value for a in node.args if a.keyword is not None and a.keyword.value == "dim"), None)
    dim = keyword if keyword is not None else positional[dim_at] if dim_at < len(positional) else None
    first = dim is None or isinstance(dim, cst.Integer) and dim.evaluated_value == 0
    if not (first and isinstance(tensor, cst.Name) and _input(tensor.value, ctx)):
        return None
    # A traced input is a tensor or a container of tensors (no str: torch.jit.trace takes no
    # other), and no container has these methods: an input cut so is a tensor.
    return tensor if ctx.read_kind(tensor, sized=True) >= Kind.TREE else None


def fixed_count(ctx: RuleContext) -> bool:
    """Whether the visited call's pieces are unpacked into a fixed number of names (`a, b =
    x.split(1)`) or one is indexed out (`x.unbind()[0]`): the program fixes their count."""
    parent = ctx.ancestors[-1] if ctx.ancestors else None
    if isinstance(parent, cst.Subscript):
        return all(isinstance(e.slice, cst.Index) for e in parent.slice)
    if isinstance(parent, cst.Assign):
        targets = [t.target for t in parent.targets]
        return all(
            isinstance(t, (cst.Tuple, cst.List)) and not any(isinstance(e, cst.StarredElement) for e in t.elements) for t in targets
        )
    return False


def _converts(expr: cst.BaseExpression, ctx: RuleContext) -> bool:
    """Whether `expr` is a call this rule checks itself (`int(...)`, `math.ceil(...)`)."""
    if not isinstance(expr, cst.Call):
        return False
    qualified = ctx.resolve(expr.func) or ""
    return qualified in PYTHON_SCALARS or qualified.startswith("math.")


def _input(name: str, ctx: RuleContext) -> bool:
    """Whether `name` is a parameter, or a local only ever bound to one (`x = y_pred`): an
    input, whose length is the batch's (a tensor the function makes has a length of its own)."""
    params = {p.name for p in ctx.function.params}
    if name in params:
        return True
    flows = ctx.analysis.body(ctx.function).flows_into.get(name, [])
    return bool(flows) and all(
        how == "=" and isinstance(target, cst.Name) and isinstance(value, cst.Name) and value.value in params
        for target, value, how in flows
    )


def _shapeless_there(node: cst.CSTNode, name: str, ctx: RuleContext) -> bool:
    """Whether `node` runs only where `name` has no `shape` attribute, which every tensor has:
    on the false side of `hasattr(name, "shape")` (`x.shape[0] if hasattr(x, "shape") else
    len(x)`, an `if`/`else`), or on the true side of `not hasattr(...)`."""
    path = [*ctx.ancestors, node]
    for parent, child in zip(path, path[1:]):
        if isinstance(parent, (cst.IfExp, cst.If)):
            test = parent.test
            negated = isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)
            if negated:
                test = test.expression
            if _has_shape_test(test, name) and child is (parent.body if negated else parent.orelse):
                return True
    return False


def _has_shape_test(test: cst.BaseExpression, name: str) -> bool:
    """`hasattr(name, "shape")`."""
    return (
        isinstance(test, cst.Call) and isinstance(test.func, cst.Name) and test.func.value == "hasattr"
        and len(test.args) == 2 and isinstance(test.args[0].value, cst.Name) and test.args[0].value.value == name
        and isinstance(test.args[1].value, cst.SimpleString) and test.args[1].value.evaluated_value == "shape"
    )


class ItemOfTracedValue(Rule):
    """`x.item()` or `x.tolist()` on a traced value.

    What it does:
        Flags `.item()` and `.tolist()` called on a traced array; not one whose value reaches
        nothing but a print where the framework records it as a constant rather than raising
        (torch.jit.trace: `print(f"{t.mean().item():.3f}")` changes no result; the print,
        run only while tracing, is the finding, ACC401).

    Why is this bad:
        Both copy the data to the host as Python objects: `jax.jit` raises a
        `ConcretizationTypeError`, `dlaccelerate` freezes the first call's values and no
        gradient flows through them.

    Example:
        @jax.jit
        def best(scores):
            return max(scores.tolist())

    Use instead:
        @jax.jit
        def best(scores):
            return scores.max()

    Fix safety:
        No automatic fix.
    """

    code = "ACC303"
    name = "item-of-traced-value"
    contexts = TRACED_CONTEXTS
    VALID = [
        """
import jax

def report(scores):
    return jax.jit(lambda s: s.max())(scores).item()
""",
    ]
    INVALID = [
        """
import jax

@jax.jit
def best(scores):
    return max(scores.tolist())  # expect: ACC303
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in framework_of(ctx).host_methods_for(ctx.contexts):
            return
        if ctx.is_traced(func.value) and not _only_printed(ctx):
            ctx.report(
                node,
                f"'.{func.attr.value}()' copies traced value '{ctx.traced_name(func.value)}' to the host: "
                + framework_of(ctx).says(self.code, "it raises under jit and is frozen by dlaccelerate; keep array operations"),
            )


class NumpyOfTracedValue(Rule):
    """A NumPy function (`np.asarray`, `np.array`, `np.sum`, ...) applied to a traced value.

    What it does:
        Flags calls that turn a traced argument into a host NumPy array: `numpy` functions
        (other than static views such as `np.shape`) and a framework's own conversions
        (`keras.ops.convert_to_numpy`, a Keras model's `model.predict(t)`: `[values.host_calls]`
        names methods by the receiver's class); where the framework records a traced input's size reads
        as tensors (`[conversions] size_reads`: torch.jit.trace), also a NumPy function given
        one (`np.array(image.shape[2:])`, `np.prod(x.shape[1:])`), which stores the example's
        size (retinaface#5). A parameter whose default is a module an import binds (`xnp=np`),
        never rebound, that a traced reach leaves out, is that module: `xnp.stack(...)` is
        `np.stack(...)`, and `xnp.moveaxis(x, -1, 0)` of a tracer gives a tracer, as
        `np.moveaxis` does (multinerf#62). Not a conversion whose value reaches nothing but a
        print where the framework records it as a constant rather than raising
        (torch.jit.trace: the print is the finding, ACC401).

    Why is this bad:
        NumPy converts its argument to a host `ndarray` (`__array__`): `jax.jit` and `jax.grad`
        raise a `TracerArrayConversionError`; `dlaccelerate` freezes the first call's result into
        the trace and the gradient is cut.

    Example:
        @jax.jit
        def spread(x):
            return np.std(np.asarray(x))

    Use instead:
        @jax.jit
        def spread(x):
            return jnp.std(x)

    Fix safety:
        No automatic fix: `jax.numpy` mirrors most of NumPy, but not every function.
    """

    code = "ACC304"
    name = "numpy-of-traced-value"
    contexts = TRACED_CONTEXTS
    VALID = [
        """
import jax
import numpy as np

@jax.jit
def pad(x):
    width = np.prod(x.shape)
    return x * np.float32(2.0) + width
""",
    ]
    INVALID = [
        """
import jax
import numpy as np

@jax.jit
def spread(x):
    return np.std(np.asarray(x))  # expect: ACC304
""",
    ]

    reads_objects_of = classmethod(_reads_host_call_class)

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        found = _host_kind(node, ctx)
        if found is None or not found[1].startswith("NumPy"):  # NumPy's own, or a framework's `convert_to_numpy`
            self._recorded_size(node, ctx)  # `np.prod(x.shape[1:])`: a traced array's method, a size's conversion
            return
        arg = _first_traced_arg(node, ctx)
        if arg is not None:
            if _only_printed(ctx):
                return
            ctx.report(
                node,
                f"'{ctx.code_for(node.func)}' converts traced value '{ctx.traced_name(arg)}' to a host "
                f"{found[1]}: " + framework_of(ctx).says(self.code, "it raises under jit/grad and is frozen by dlaccelerate; use jax.numpy"),
            )
            return
        self._recorded_size(node, ctx)

    def _recorded_size(self, node: cst.Call, ctx: RuleContext) -> None:
        """A NumPy function (not a static view, `np.shape`) given a size the framework records
        as a tensor (`size_reads`: torch.jit.trace), which it turns into a host array."""
        qualified = ctx.resolve(node.func) or ""
        if not qualified.startswith("numpy.") or qualified in ctx.analysis.facts.static_calls:
            return
        read = next((r for a in node.args if (r := recorded_size_read(a.value, ctx)) is not None), None)
        if read is not None:
            ctx.report(
                node,
                f"'{ctx.code_for(node.func)}' converts '{ctx.code_for(read)}', the size of a traced value, to a host "
                "NumPy value: " + framework_of(ctx).says(self.code, "it is frozen into the trace; use torch operations"),
            )


# A display, a comprehension, or `list(...)`/`tuple(...)` of one: a Python container, whose
# elements a constructor from data reads one by one (a tensor given whole is copied in the graph).
_CONTAINER_NODES = (cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp)


class TensorOfTracedElements(Rule):
    """A new tensor built from a Python container holding traced values, whose values the constructor reads on the host.

    What it does:
        Flags a constructor from data that the framework's data name (`[conversions]
        element_copies`: `torch.tensor`, `torch.as_tensor` under torch.jit.trace, make_fx,
        symbolic_trace and torch.export) given a list or tuple display, a comprehension, or
        `list(...)`/`tuple(...)` of one, whose elements are traced values: `torch.tensor([x.sum(),
        x.max()])`, `torch.tensor(list(map(lambda p: p[0] - p[1], zip(w, g))))`. A tensor given
        whole (`torch.tensor(x * 2)`) and a container of sizes (`[x.shape[0], 2]`) are not flagged.

    Why is this bad:
        The constructor reads each element's value as a Python number: torch.jit.trace and
        make_fx record the example's values as a constant, so every call returns them again
        (functorch#1046); symbolic_trace and torch.export raise.

    Example:
        def stats(x):
            return torch.tensor([x.sum(), x.max()])

        traced = torch.jit.trace(stats, (torch.ones(3),))

    Use instead:
        def stats(x):
            return torch.stack([x.sum(), x.max()])

    Fix safety:
        No automatic fix: `torch.stack` needs elements of one shape, which the code may not have.
    """

    code = "ACC306"
    name = "tensor-of-traced-elements"
    contexts = frozenset({CACHED})
    VALID = [
        """
import torch

def stats(x):
    return torch.stack([x.sum(), x.max()]) + torch.tensor(x * 2) + torch.tensor([x.shape[0], 2]).sum()

traced = torch.jit.trace(stats, (torch.ones(3),))
""",
    ]
    INVALID = [
        """
import torch

def stats(x):
    return torch.tensor([x.sum(), x.max()])  # expect: ACC306

traced = torch.jit.trace(stats, (torch.ones(3),))
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        framework = framework_of(ctx)
        if not framework.element_copies or ctx.resolve(node.func) not in framework.element_copies or not node.args:
            return
        data = node.args[0].value
        if node.args[0].keyword is not None and node.args[0].keyword.value != "data":
            return
        if isinstance(data, cst.Call) and isinstance(data.func, cst.Name) and data.func.value in ("list", "tuple") and len(data.args) == 1:
            held = data.args[0].value
        elif isinstance(data, _CONTAINER_NODES):
            held = data
        else:
            return
        if ctx.kind(held) >= Kind.TREE:
            ctx.report(
                node,
                f"'{ctx.code_for(node.func)}' reads the values of the traced elements of '{ctx.code_for(data)}': "
                + framework.says(self.code, "they are recorded as constants; use torch.stack"),
            )
