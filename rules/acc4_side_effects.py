"""ACC4xx: I/O and side effects that run only while a cached trace is built."""

from __future__ import annotations

from collections import Counter
from weakref import WeakKeyDictionary

import libcst as cst

from acclint.fix.calls import debug_print_fix
from acclint.fix.imports import framework_of
from acclint.fix.report import report_with_fix
from acclint.frameworks.markers import CACHED, DIFFERENTIATED, KERNEL, VMAPPED
from acclint.analysis.bindings import chain_root
from acclint.analysis.names import dotted_name, once_block
from acclint.analysis.raised_first import raises_first, value_raises
from acclint.analysis.made_instances import scratch_self
from acclint.analysis.trace_words import says_traces
from acclint.lint.rule import Rule, RuleContext
from acclint.analysis.taint import Kind, target_names
from acclint.analysis.walk import SCOPE_NODES, children, walk_body, walk_expression
from acclint.rules.tables import apis, logs
from acclint.rules.acc4_dropped_calls import dropped
from acclint.rules.captured_modules import captured_by, written_state
from acclint.rules.frozen_keys import seeds_frozen_key
from acclint.rules.fresh_closures import runs_within_its_owner, traced_once_per_closure
from acclint.rules.graph_breaks import splits_no_graph
from acclint.rules.settled_writes import settled_write
from acclint.rules.undone_changes import undone_in_finally
from acclint.rules.early_returns import returns_early, under_returning_once_block
from acclint.rules.trace_counters import is_trace_counter

CACHED_ONLY = frozenset({CACHED})
# Effects in a Pallas kernel run while it is compiled, like those in any cached trace.
CACHED_AND_KERNELS = frozenset({CACHED, KERNEL})
ONCE = "runs only when a trace is built, not on cached calls"


def _io() -> dict:
    return apis()["io"]


class PrintInCachedTrace(Rule):
    """`print`, `sys.stdout.write`, `sys.stderr.write` or `pprint` in a cached trace.

    What it does:
        Flags writes to stdout/stderr inside a function whose trace is cached, unless once
        per trace is what the message is for. A message of static values only, under `if`
        tests of static values only (a warning about the configuration), says the same on
        every call with that trace. A message whose text announces the trace (a whole word for
        tracing, compiling or jitting: `print("Tracing with", x)`, `print("recompiling")`) counts
        traces on purpose, as a trace counter does (ACC405), and is left to `--strictness
        pedantic`. Nor is a print whose argument converts a traced value where that raises
        (`print(t.numpy())` under tf.function never prints: ACC303 is the finding), nor, under
        torch.compile, a print after the compiled function's last tensor operation (no graph to
        break; also ACC403, ACC404), unless the function also runs inside a trace (a helper, a
        submodule's `forward`: its caller's graph goes on after it). Any other print under
        torch.compile without `fullgraph=True` is a graph break: it runs on every call and the
        results are right, so it is reported only with `--strictness pedantic` (also ACC403).

    Why is this bad:
        The write happens while the trace is built and never again: later calls print
        nothing, and under `jax.jit` what is printed is a tracer, not a value.

    Example:
        @jax.jit
        def step(x):
            print("loss", x.sum())
            return x

    Use instead:
        @jax.jit
        def step(x):
            jax.debug.print("loss {}", x.sum())
            return x

    Fix safety:
        `--fix` rewrites `print("loss", x, 0.1)` to `jax.debug.print("loss {!s} 0.1", x)`:
        string literals and number, bool and `None` literals join the format string as print
        writes them (a constant passed as an argument would become a float32 array: 0.1 would
        print as 0.10000000149011612), a string literal holding a brace is passed as a `{}`
        field of its own (JAX 0.10 prints a format whose first chunk has an escaped brace
        raw), every other argument must be a traced value and becomes a `{!s}` field (a
        `{}` field formats a 0-d float32 array through Python's float, 0.30000001192092896
        where print writes 0.3), and `import jax` is added when missing.
        Safe: the same text is printed, now on every call and with the values instead of
        tracers. Unsafe when an argument may be a pytree rather than an array (print
        writes a weakly typed leaf with `weak_type=True`, a jitted jax.debug.print
        without). Not offered for
        `sep=`/`end=`/`file=`/`flush=`, `*args`, f-strings or other non-array arguments,
        `sys.stdout.write`/`pprint`, a print whose text speaks of tracing (`print("Tracing
        with", x)` reports each trace on purpose), or in runtime-API modules.
    """

    code = "ACC401"
    name = "print-in-cached-trace"
    contexts = CACHED_AND_KERNELS
    VALID = [
        """
import jax

@jax.jit
def step(x):
    jax.debug.print("loss {}", x.sum())
    return x

def main(x):
    print("done", step(x))
""",
    ]
    INVALID = [
        """
import sys
import jax

@jax.jit
def step(x):
    print("loss", x.sum())  # expect: ACC401
    sys.stderr.write("step\\n")  # expect: ACC401
    return x
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        qualified = ctx.resolve(node.func)
        if qualified in _io()["stdout"] and not _once_per_trace_on_purpose(node, ctx) and not splits_no_graph(node, ctx) and not _raises_first(node, ctx):
            message = f"'{ctx.code_for(node.func)}' in a cached trace " + framework_of(ctx).says(self.code, f"{ONCE}; {framework_of(ctx).hints['print']}")
            report_with_fix(ctx, node, message, debug_print_fix(node, ctx))


def _once_per_trace_on_purpose(node: cst.Call, ctx: RuleContext) -> bool:
    """Whether a print or log call says what its author wants said once per trace: a static
    warning (`_static_warning`), or, except under `--strictness pedantic`, a message that
    announces the trace itself (`print("recompiling")`, `print("Tracing with", x)`:
    acclint.analysis.trace_words), the print form of a trace counter (rules/trace_counters.py)."""
    return _static_warning(node, ctx) or (not ctx.analysis.pedantic and says_traces(node))


def _static_warning(node: cst.Call, ctx: RuleContext) -> bool:
    """A message made only of static values, under `if` tests of static values only: a
    warning about the configuration (`if self.a is self.b: logging.warning("shared")`). It
    says the same for every call with this trace, so once per trace is what its author wants.
    An unguarded one (`print("step")`) is meant to run on every call, and is reported."""
    guards = [a.test for a in ctx.ancestors if isinstance(a, cst.If)]
    if not guards or any(ctx.kind(test) is not Kind.STATIC for test in guards):
        return False
    return all(ctx.kind(arg.value) is Kind.STATIC for arg in node.args)


def _raises_first(node: cst.Call, ctx: RuleContext) -> bool:
    """Whether an argument converts a traced value where that raises (`print(t.numpy())` under
    tf.function, `meter.update(float(loss))` under jax.jit): the call never runs, and the
    conversion is the finding (ACC3; acclint.analysis.raised_first)."""
    return raises_first(node, framework_of(ctx), ctx.contexts, ctx.resolve, ctx.is_traced)


def _file_call(qualified: str | None) -> bool:
    io = _io()
    if qualified is None:
        return False
    if qualified in io["files"]:
        return True
    for path_type in io["path_types"]:
        if qualified.startswith(path_type + "."):
            return qualified[len(path_type) + 1:] in io["path_methods"]
    return False


class FileIOInCachedTrace(Rule):
    """File I/O (`open`, `np.save`, `pickle.dump`, `Path.write_text`, `os.remove`, ...) in a cached trace.

    What it does:
        Flags calls that read, write or change files inside a function whose trace is cached.
        A writer that converts the traced array it is given to a host array first
        (`np.save(path, y)`, `jnp.save`) is ACC304's: it raises before writing anything.

    Why is this bad:
        The I/O runs once, while the trace is built: checkpoints and logs are written on the
        first call only, and data read from a file is frozen into the trace.

    Example:
        @jax.jit
        def step(x):
            np.save("shape.npy", np.array(x.shape))
            return x

    Use instead:
        Return the values and save them outside the accelerated function, or use
        `jax.debug.callback` to run host code on every call.

    Fix safety:
        No automatic fix.
    """

    code = "ACC402"
    name = "file-io-in-cached-trace"
    contexts = CACHED_AND_KERNELS
    VALID = [
        """
import jax
import numpy as np

@jax.jit
def step(x):
    return x * 2

def train(x):
    np.save("x.npy", step(x))
""",
    ]
    INVALID = [
        """
import jax

@jax.jit
def step(x):
    with open("log.txt", "a") as fh:  # expect: ACC402
        fh.write("step\\n")
    return x
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        qualified = ctx.resolve(node.func)
        if _file_call(qualified):
            if (
                ctx.analysis.facts.host_conversion(qualified) is not None and ctx.framework.applies("ACC304", ctx.contexts)
                and any(ctx.is_traced(a.value) for a in node.args)
            ):
                return  # `np.save(path, y)` converts `y` first and raises: ACC304's finding
            ctx.report(node, f"file I/O '{ctx.code_for(node.func)}' in a cached trace " + framework_of(ctx).says(self.code, f"{ONCE}; do it outside, or in jax.debug.callback"))


class LoggingInCachedTrace(Rule):
    """`logging` calls (module functions and logger objects) in a cached trace.

    What it does:
        Flags `logging.info(...)`, `absl.logging.info(...)`, `logger.warning(...)` (for a
        module-level `logger = logging.getLogger(...)`) and the like inside a cached trace; not a
        warning of static values only under `if` tests of static values only, nor (but with
        `--strictness pedantic`) a message that announces the trace (see ACC401), nor a method
        the module registers for the compiler to drop (ACC411: it logs on no call).

    Why is this bad:
        The record is emitted once, while the trace is built; cached calls log nothing.

    Example:
        @jax.jit
        def step(x):
            logger.info("step")
            return x

    Use instead:
        Log outside the accelerated function, or from `jax.debug.callback`.

    Fix safety:
        No automatic fix.
    """

    code = "ACC403"
    name = "logging-in-cached-trace"
    contexts = CACHED_AND_KERNELS
    VALID = [
        """
import logging
import jax

logger = logging.getLogger(__name__)

@jax.jit
def step(x):
    return x * 2

def train(x):
    logger.info("step done")
    return step(x)
""",
    ]
    INVALID = [
        """
import logging
import jax

logger = logging.getLogger(__name__)

@jax.jit
def step(x):
    logger.info("step")  # expect: ACC403
    logging.warning("again")  # expect: ACC403
    return x
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        qualified = ctx.resolve(node.func)
        if qualified is None:
            return
        if logs(qualified) and not _once_per_trace_on_purpose(node, ctx) and not splits_no_graph(node, ctx) and dropped(node, ctx) is None:
            ctx.report(node, f"logging call '{ctx.code_for(node.func)}' in a cached trace " + framework_of(ctx).says(self.code, f"{ONCE}; log outside, or in jax.debug.callback"))


class ClockReadInCachedTrace(Rule):
    """A clock read (`time.time()`, `time.perf_counter()`, `datetime.now()`) in a cached trace that keeps the value it read.

    What it does:
        Flags calls that read the clock inside a cached trace that reads it once, while
        tracing (jax.jit, tf.function, torch.jit.trace), or raises on it
        (`torch.compile(fullgraph=True)`). Under `torch.compile` without `fullgraph` Dynamo
        breaks the graph at the read and runs it on every call, a new time per call as eagerly
        (run: benchmarks/framework_runs.py compile_clock_reads, pytorch#125171): not flagged.

    Why is this bad:
        The clock is read once, while the trace is built, and the value is a constant of the
        trace: timings measure tracing, not the computation, and time-dependent values freeze.

    Example:
        @jax.jit
        def step(x):
            start = time.perf_counter()
            return x, start

    Use instead:
        Time the call from outside (after `block_until_ready()`).

    Fix safety:
        No automatic fix.
    """

    code = "ACC404"
    name = "clock-read-in-cached-trace"
    contexts = CACHED_AND_KERNELS
    VALID = [
        """
import time
import jax

@jax.jit
def step(x):
    return x * 2

def timed(x):
    start = time.perf_counter()
    step(x).block_until_ready()
    return time.perf_counter() - start
""",
    ]
    INVALID = [
        """
import time
import jax

@jax.jit
def step(x):
    start = time.perf_counter()  # expect: ACC404
    return x, start
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        if ctx.resolve(node.func) in _io()["clocks"] and not splits_no_graph(node, ctx) and not seeds_frozen_key(ctx):
            ctx.report(node, f"clock read '{ctx.code_for(node.func)}' in a cached trace " + framework_of(ctx).says(self.code, f"{ONCE}; its value is frozen; time from outside"))


class _ChecksAssignmentTargets:
    """Sends the target of every assignment (plain, augmented, annotated) to `_check`, each
    target of an unpacking on its own (`self.key, k = split(self.key)`)."""

    def _check(self, node: cst.CSTNode, target: cst.BaseExpression, ctx: RuleContext) -> None:
        raise NotImplementedError

    def visit_Assign(self, node: cst.Assign, ctx: RuleContext) -> None:
        for t in node.targets:
            for part in _unpacked(t.target):
                self._check(node, part, ctx)

    def visit_AugAssign(self, node: cst.AugAssign, ctx: RuleContext) -> None:
        self._check(node, node.target, ctx)

    def visit_AnnAssign(self, node: cst.AnnAssign, ctx: RuleContext) -> None:
        if node.value is not None:
            self._check(node, node.target, ctx)


class GlobalWriteInCachedTrace(_ChecksAssignmentTargets, Rule):
    """Assignment to a `global` or `nonlocal` name in a cached trace.

    What it does:
        Flags assignments (plain, augmented, annotated) to names the function declares
        `global` or `nonlocal`. A trace counter is left to `--strictness pedantic`: a name
        bumped by a constant (`n += 1`) that its own scope only asserts, compares or prints
        as a count of traces (`print("traced", n, "times")`, `print(num_traces)`: a test checking how often a
        function traces, on purpose); printed bare (`print(counter)`), it is a count the
        program expected per call and stays reported. So is a Python value
        written by a closure its eager enclosing function compiles and runs once per call
        (`jax.jit(step)(w)`, not in a loop, not handed out): a new closure is traced on
        every call, each trace runs once, and the write runs exactly as written. Nor is a
        write to a local of the function that runs the closure on the spot, calling it or
        mapping it over a tree (`jax.tree.map(visit, tree)`): every run of that function makes
        the variable anew, so nothing outlives the trace (a closure it jits or hands to
        `lax.scan` stays reported). Nor is the function's only write of a name when every later
        run would write the value already there: a once-flag turned off after (or before) the
        blocks it guards, each of them only printing or logging (`if log_data:
        logging.info(...)`, then `log_data = False`), or a conversion of the name's own value
        that gives it back when run again (`steps = float(steps)`). A flag guarding traced code
        (`if first: x = x + 1`) stays reported: the trace keeps the branch it took first.

    Why is this bad:
        The write happens once, while the trace is built: counters stop counting and state
        stops updating on cached calls. Under `jax.jit` a tracer can also leak out.

    Example:
        @jax.jit
        def step(x):
            global STEPS
            STEPS += 1
            return x

    Use instead:
        Thread the state through arguments and return values.

    Fix safety:
        No automatic fix.
    """

    code = "ACC405"
    name = "global-write-in-cached-trace"
    # Under a transform that caches nothing (grad, jvp, vmap) only a traced value written out
    # is a hazard (`_check`); which frameworks' such contexts it applies in is their data.
    contexts = CACHED_AND_KERNELS | {DIFFERENTIATED, VMAPPED}
    VALID = [
        """
import jax

STEPS = 0

@jax.jit
def step(x, count):
    return x, count + 1
""",
        """
import jax

def test_traces_once():
    n = 0

    @jax.jit
    def f(x):
        nonlocal n
        n += 1
        return x * 2

    f(1.0)
    f(2.0)
    assert n == 1
""",
        """
import jax

def fit(w):
    calls = 0

    def step(w):
        nonlocal calls
        calls += 1
        return w * 2

    return jax.jit(step)(w), calls
""",
        """
import logging
import jax

def make_schedule(decay_steps, log=True):
    def schedule(count):
        nonlocal decay_steps, log
        decay_steps = float(decay_steps)
        if log:
            logging.info("schedule over %s steps", decay_steps)
        log = False
        return count / decay_steps

    return jax.jit(schedule)
""",
    ]
    INVALID = [
        """
import jax

STEPS = 0

@jax.jit
def step(x):
    global STEPS
    STEPS += 1  # expect: ACC405
    return x
""",
    ]

    def _check(self, node: cst.CSTNode, target: cst.BaseExpression, ctx: RuleContext) -> None:
        declared = ctx.analysis.body(ctx.function).declared_outer
        if not ctx.contexts & CACHED_AND_KERNELS:
            self._check_escape(node, target, declared, ctx)
            return
        for name in target_names(target):
            if (
                name in declared and not _memoised(name, ctx) and not is_trace_counter(node, name, ctx)
                and not traced_once_per_closure(name, _written(node), ctx) and not runs_within_its_owner(name, ctx)
                and not settled_write(node, target, ctx)
            ):
                ctx.report(node, f"write to global/nonlocal '{name}' in a cached trace " + framework_of(ctx).says(self.code, f"{ONCE}; return the new value instead"))
                return

    def _check_escape(self, node: cst.CSTNode, target: cst.BaseExpression, declared, ctx: RuleContext) -> None:
        """Under a transform that runs on every call (grad, jvp, vmap) the write runs each time:
        a Python value written is fine, a traced one outlives the transform's trace (jax#2048)."""
        if not any(ctx.is_traced(value) for value in _written(node)):
            return
        for name in target_names(target):
            if name in declared:
                ctx.report(
                    node,
                    f"write of a traced value to global/nonlocal '{name}' under a tracing transform (grad, jvp, vmap): "
                    "the tracer outlives the transform, and a use after it raises UnexpectedTracerError; return the value instead",
                )
                return


def _written(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The value an assignment writes (`n = v`, `n += v`, `n: int = v`)."""
    value = getattr(node, "value", None)
    return [value] if isinstance(value, cst.BaseExpression) else []


def _is_self(name: str, ctx: RuleContext) -> bool:
    """Whether `name` is the method's own first parameter holding an object from outside the
    trace: its instance, or a classmethod's class (`cls.calls = cls.calls + 1` is a write to
    the class, ACC409)."""
    fn = ctx.function
    if name == fn.instance_param and scratch_self(ctx.analysis, fn):
        return False  # an object the trace made itself (`Acc().add(x)`): its scratch
    return name in (fn.instance_param, fn.class_param)


def _reached_from_outside(obj: cst.BaseExpression, ctx: RuleContext) -> bool:
    """Whether `obj`, an attribute chain of names or a name, is an object the trace did not
    make: a chain from `self`, from a global or a closure's name (not a module's), or a local
    only ever bound to one such chain (`w = self.model.weight`) or to an object such a chain
    owns (`p = next(self.parameters())`, `for p in self.model.parameters()`: `_owner`)."""
    root = chain_root(obj)
    if root is None:
        return False
    name = root.value
    if _is_self(name, ctx):
        return True
    if not ctx.is_local(name):
        return not _names_a_module(name, ctx)
    if obj is not root:
        return False  # a chain from a local: the alias below is followed one step only
    flows = ctx.analysis.body(ctx.function).flows_into.get(name, [])
    return bool(flows) and all(
        _outside_chain(value, ctx) if how == "=" and isinstance(value, cst.Attribute)
        else _outside_chain(owner, ctx) if (owner := _owner(value, how, ctx)) is not None
        else False
        for _, value, how in flows
    )


def _outside_chain(value: cst.BaseExpression, ctx: RuleContext) -> bool:
    """An attribute chain (or a name) from `self`, a global or a closure's name (not a module's)."""
    root = chain_root(value)
    return root is not None and (
        _is_self(root.value, ctx) or not ctx.is_local(root.value) and not _names_a_module(root.value, ctx)
    )


def _names_a_module(name: str, ctx: RuleContext) -> bool:
    """Whether a global name stands for what an import binds (a module, or a name imported from
    one), not for an object an imported call made (`BOX = types.SimpleNamespace()`: its
    attributes are an outer object's, ACC409; benchmarks/jax_spellings.py attribute_write)."""
    imports = ctx.analysis.index.imports
    return name in imports.bound_names() and not (imports.resolve(cst.Name(name)) or "").endswith(")")


def _owner(value: cst.BaseExpression, how: str, ctx: RuleContext) -> cst.BaseExpression | None:
    """The object whose own objects a binding takes, by a method the data say iterates them
    (`[yields_own]`: `torch.nn.Module.parameters`): `m` of `for p in m.parameters()`,
    `next(m.parameters())`, `next(iter(m.parameters()))`, `list(m.modules())[1]`."""
    if how == "=":
        if isinstance(value, cst.Subscript) and _builtin_of_one(value.value, ("list", "tuple"), ctx):
            value = value.value.args[0].value  # `list(m.modules())[1]`
        elif _builtin_of_one(value, ("next",), ctx):
            value = value.args[0].value  # `next(m.parameters())`, `next(iter(m.parameters()))`
            if _builtin_of_one(value, ("iter",), ctx):
                value = value.args[0].value
        else:
            return None
    elif how != "in":
        return None
    methods = frozenset().union(*ctx.analysis.markers.yields_own.values())
    if isinstance(value, cst.Call) and not value.args and isinstance(value.func, cst.Attribute) and value.func.attr.value in methods:
        return value.func.value
    return None


def _builtin_of_one(value: cst.BaseExpression, names: tuple[str, ...], ctx: RuleContext) -> bool:
    """Whether `value` calls one of the builtins `names` with one positional argument."""
    return (
        isinstance(value, cst.Call) and len(value.args) == 1 and value.args[0].keyword is None and not value.args[0].star
        and ctx.resolve(value.func) in names
    )


def _setattr_write(call: cst.Call, ctx: RuleContext) -> cst.Assign | None:
    """`setattr(obj, "name", value)` with a literal name, as the assignment `obj.name = value`
    it performs (its target and value are the call's own nodes); None for any other call, or
    a name computed at run time."""
    args = call.args
    if ctx.resolve(call.func) != "setattr" or len(args) != 3 or any(a.keyword is not None or a.star for a in args):
        return None
    spelled = args[1].value.evaluated_value if isinstance(args[1].value, cst.SimpleString) else None
    if not isinstance(spelled, str) or not spelled.isidentifier():
        return None
    target = cst.Attribute(value=args[0].value, attr=cst.Name(spelled))
    return cst.Assign(targets=[cst.AssignTarget(target)], value=args[2].value)


def _updates_itself(node: cst.CSTNode, target: cst.Attribute) -> bool:
    """`self.n += 1`, `self.n = self.n + 1`: the write computes the attribute from its own value."""
    if isinstance(node, cst.AugAssign):
        return True
    value, written = getattr(node, "value", None), dotted_name(target)
    return value is not None and written is not None and any(
        isinstance(n, cst.Attribute) and dotted_name(n) == written for n in walk_expression(value)
    )


def _keeps_traced_value(node: cst.CSTNode, target: cst.Attribute, ctx: RuleContext) -> bool:
    """`self.y = y`: a plain set storing a traced value or a pytree of them (`y` of `x, y =
    data`; not a variable the framework makes, `self.v = tf.Variable(...)`), of an attribute
    host code of the module reads (`self.model.y` in a callback). The object outlives the trace,
    so host code reading the attribute after the run (a callback after a `train_step`, code
    after a `tf.function`'s call) finds a tensor of a finished graph (run:
    benchmarks/framework_runs.py traced_values_kept_on_objects, TauMLTools#109); one no code
    reads is left alone, and so is a write in a helper the traced method calls, which may run
    once (tensorflow/addons' `setup_memory`, called on the first `call` only)."""
    value = getattr(node, "value", None)
    framework = framework_of(ctx)
    if value is None or (isinstance(value, cst.Call) and ctx.resolve(value.func) in framework.state_makers | framework.built_on_call):
        return False
    return _kept_for_host([value], target.attr.value, ctx)


def _kept_for_host(stored: list[cst.BaseExpression], attr: str, ctx: RuleContext) -> bool:
    """Whether the traced method itself (`_traced_entry`) stores a traced value or a pytree of
    them (one of `stored`) under the attribute `attr` of its object, which host code of the
    module reads (`_read_attributes`): what ACC409's plain set and ACC406's container change
    report on an object that outlives the trace under Keras and tf.function."""
    return any(ctx.kind(v) >= Kind.TREE for v in stored) and _traced_entry(ctx) and attr in _read_attributes(ctx)


_ATTRIBUTES_READ: WeakKeyDictionary[object, frozenset[str]] = WeakKeyDictionary()  # by module analysis


def _read_attributes(ctx: RuleContext) -> frozenset[str]:
    """The attribute names host code of the module reads (`.y` of `self.model.y` in a
    callback's hook, module-level code), not in a function some trace runs, where the value read
    belongs to that trace (efficientnet's `self.endpoints` read by the model's own `call`). A
    walk made only for a module with a traced value set on an object under Keras or tf.function."""
    found = _ATTRIBUTES_READ.get(ctx.analysis)
    if found is None:
        spelled, written = Counter(), Counter()
        by_node = ctx.analysis.index.by_node
        stack: list[cst.CSTNode] = [ctx.analysis.module]
        while stack:
            node = stack.pop()
            if isinstance(node, (cst.FunctionDef, cst.Lambda)) and node in by_node and by_node[node].contexts:
                continue  # run inside a trace
            if isinstance(node, cst.Attribute):
                spelled[node.attr.value] += 1
            elif isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                for t in [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]:
                    written.update(part.attr.value for part in _unpacked(t) if isinstance(part, cst.Attribute))
            stack.extend(children(node))
        found = _ATTRIBUTES_READ[ctx.analysis] = frozenset(name for name, n in spelled.items() if n > written[name])
    return found


def _array_index(target: cst.Subscript) -> bool:
    """`ref[...] = v`, `ref[:, i] = v`, `ref[pl.ds(0, n)] = v`: a write into an array buffer (a
    Pallas kernel's `Ref`, the kernel's job), never a Python list or dict being mutated."""
    if len(target.slice) > 1:
        return True
    part = target.slice[0].slice
    return isinstance(part, cst.Slice) or (isinstance(part, cst.Index) and isinstance(part.value, (cst.Ellipsis, cst.Call)))


def _balanced_stack(name: str, ctx: RuleContext) -> bool:
    """Whether the function both pushes onto and pops from `name`: a trace-time context stack
    (`stack.append(state); yield; stack.pop()`) that is left as it was found."""
    methods = {
        call.func.attr.value
        for call in ctx.analysis.body(ctx.function).calls
        if isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name) and call.func.value.value == name
    }
    return "append" in methods and "pop" in methods


def _memoised(spelled: str, ctx: RuleContext) -> bool:
    """Whether the write sits under a test of the very name (or attribute) it writes.

    `if inner is sentinel: inner = jtu.tree_structure(out)`, `if len(shapes) < n:
    shapes.append(...)` and `if self._cache is None: self._cache = ...` fill a trace-time
    cache of static facts (a tree structure, shapes) on purpose: that it runs only while
    tracing is the point.

    So does a write in a once-block (`once_block`: `if not self._initialized: ...;
    self._initialized = True`), or in a method whose every use is a call in one (graphcast's
    `_maybe_init` calling `self._init_mesh_properties()`): a lazy initialisation runs on the
    first call only, eagerly as well as traced, so tracing changes nothing about how often it runs.
    Not where the guarded block also changes a value the function computes on (`_changes_a_value`:
    `if not done: x = x + 1; done = True`): the trace keeps that change as it was first seen; nor
    where a once-block returns early, skipping the code after it (`returns_early`, larq#100): the
    path a call takes is decided while tracing.
    """
    for at, ancestor in enumerate(ctx.ancestors):
        test = getattr(ancestor, "test", None) if isinstance(ancestor, (cst.If, cst.While)) else None
        if test is not None and any(
            isinstance(n, (cst.Name, cst.Attribute)) and dotted_name(n) == spelled for n in walk_expression(test)
        ):
            return _only_initialises(ancestor, ctx)
        if isinstance(ancestor, cst.If) and at + 1 < len(ctx.ancestors) and ctx.ancestors[at + 1] is ancestor.body and once_block(ancestor):
            return _only_initialises(ancestor, ctx)
    return _called_in_once_blocks_only(ctx.function)


def _only_initialises(block: cst.If | cst.While, ctx: RuleContext) -> bool:
    """Whether the block guarding the write is a lazy initialisation: it changes no value the
    function computes on (`_changes_a_value`) and, an `if`, does not return early
    (rules/early_returns.py)."""
    if _changes_a_value(block, ctx):
        return False
    return not (isinstance(block, cst.If) and returns_early(block, ctx.ancestors, ctx.analysis.module))


def _changes_a_value(block: cst.If | cst.While, ctx: RuleContext) -> bool:
    """Whether `block` rebinds a local the function holds before it: a parameter, or a name
    bound outside the block (`x = x + 1`, `y += 1`). The trace runs the block once, on the
    first trace, and keeps what it computed on every cached call, where eagerly only the first
    call changes it (run: 2, 1, 1 eagerly, 2, 2, 2 under `jax.jit`). A name the block binds for
    itself (`factor = 3.0`) changes nothing the function held."""
    inside = {id(node) for node in walk_body(block)}
    facts = ctx.analysis.body(ctx.function)
    params = {p.name for p in ctx.function.params}
    for node in walk_body(block):
        if not isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            continue
        for target in (t.target for t in node.targets) if isinstance(node, cst.Assign) else (node.target,):
            for name in target_names(target):
                if name in facts.declared_outer:
                    continue
                if name in params or any(id(flow[0]) not in inside for flow in facts.flows_into.get(name, [])):
                    return True
    return False


def _called_in_once_blocks_only(method) -> bool:
    """Whether every use of the method `method` in its class's methods is a call
    (`self.name(...)`) in a once-block, outside nested functions, and there is one."""
    if method.cls is None or method.instance_param is None:
        return False
    calls = 0
    for other in method.cls.methods.values():
        me = other.instance_param
        if me is None or other is method:
            continue
        stack: list[tuple[cst.CSTNode, bool]] = [(child, False) for child in children(other.node.body)]
        while stack:
            node, once = stack.pop()
            for child in children(node):
                if isinstance(child, cst.Attribute) and isinstance(child.value, cst.Name) and child.value.value == me and child.attr.value == method.name:
                    if not (once and isinstance(node, cst.Call) and node.func is child):
                        return False
                    calls += 1
                inner = once or isinstance(node, cst.If) and child is node.body and once_block(node) is not None
                stack.append((child, inner and not isinstance(child, SCOPE_NODES)))
    return calls > 0


_CONTAINER_CALLS = frozenset({"list", "dict", "set", "collections.deque", "collections.defaultdict", "collections.OrderedDict"})


def _instance_container(target: cst.BaseExpression, stored: list[cst.BaseExpression], ctx: RuleContext) -> str | None:
    """`self.history` in a jitted method of a plain class whose `__init__` makes it a list,
    dict or set (`self.history = []`), changed by a call or an item set storing `stored`: the
    object outlives the trace, so the container does. Not where the framework copies container
    attributes into the compiled module (`[effects] attribute_containers = "copied"`): there the
    change is kept (`_aliased_attribute`).

    Methods of traced classes (flax, haiku and equinox modules) are left alone: their state
    follows their framework's rules. A Keras layer or model is a Python object that outlives the
    traces `fit` builds (`[effects] attribute_writes = "updates"`, as for ACC409): a container it
    holds keeps what a traced method stores while tracing, one entry per trace (run:
    benchmarks/framework_runs.py values_kept_in_containers_and_by_setattr), reported as ACC409
    reports a plain set there: a traced value stored by the traced method itself, in a
    container host code of the module reads."""
    found = _init_assignments(target, ctx)
    if found is None or framework_of(ctx).container_attributes == "copied":
        return None
    me, attr, assigns = found
    if not any(_assigns(small, me, attr) and _makes_container(small.value, ctx) for small in assigns):
        return None
    if ctx.function.markers & ctx.analysis.markers.class_bases and not _kept_for_host(stored, attr, ctx):
        return None
    return dotted_name(target)


def _aliased_attribute(target: cst.BaseExpression, ctx: RuleContext) -> str | None:
    """Where the framework copies each container attribute into the compiled module (`[effects]
    attribute_containers = "copied"`, torch.jit.script), what else holds the object the
    changed `self.attr` holds, as `__init__` binds it: another attribute bound to it or it to
    another where one is made a container there (`self.a = [1, 2]; self.b = self.a`), or the
    caller's list or dict handed in (`self.log = log`, `log: List[int]`); None where the module
    holds it alone (the change is kept in its copy) or the object may be a tensor (shared)."""
    if framework_of(ctx).container_attributes != "copied":
        return None
    found = _init_assignments(target, ctx)
    if found is None:
        return None
    me, attr, assigns = found
    containers = {
        p.name.value for p in ctx.function.cls.methods["__init__"].node.params.params
        if p.annotation is not None and _container_annotation(p.annotation.annotation, ctx)
    }
    made = {
        dotted_name(t.target) for small in assigns if _makes_container(small.value, ctx)
        for t in small.targets if isinstance(t.target, cst.Attribute)
    }
    for small in assigns:
        value = small.value
        if _assigns(small, me, attr):
            if isinstance(value, cst.Name) and value.value in containers:
                return f"the caller's '{value.value}'"
            if isinstance(value, cst.Attribute) and dotted_name(value) in made:
                return f"'{dotted_name(value)}'"
        elif isinstance(value, cst.Attribute) and dotted_name(value) == f"{me}.{attr}" and f"{me}.{attr}" in made:
            return f"'{ctx.code_for(small.targets[0].target)}'"
    return None


def _container_annotation(annotation: cst.BaseExpression, ctx: RuleContext) -> bool:
    """`List[int]`, `Dict[str, int]`, `list`, `dict[str, int]`: a list or dict parameter."""
    base = annotation.value if isinstance(annotation, cst.Subscript) else annotation
    return (ctx.resolve(base) or "").rpartition(".")[2].lower() in ("list", "dict")


def _init_assignments(target: cst.BaseExpression, ctx: RuleContext) -> tuple[str, str, list[cst.Assign]] | None:
    """For `self.attr` in a method of a plain class (not a traced class's, but a Keras one's:
    see `_instance_container`): the name of `self` in `__init__`, `attr`, and the assignments
    at the top level of `__init__`'s body; else None."""
    fn = ctx.function
    if not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)) or fn.instance_param is None:
        return None
    if target.value.value != fn.instance_param or scratch_self(ctx.analysis, fn):
        return None
    if fn.markers & ctx.analysis.markers.class_bases and framework_of(ctx).attribute_writes != "updates":
        return None
    init = fn.cls.methods.get("__init__")
    if init is None or init.instance_param is None or not isinstance(init.node.body, cst.IndentedBlock):
        return None
    assigns = [
        small for line in init.node.body.body if isinstance(line, cst.SimpleStatementLine)
        for small in line.body if isinstance(small, cst.Assign)
    ]
    return init.instance_param, target.attr.value, assigns


def _assigns(small: cst.Assign, me: str, attr: str) -> bool:
    """Whether the assignment binds `me.attr`."""
    return any(isinstance(t.target, cst.Attribute) and dotted_name(t.target) == f"{me}.{attr}" for t in small.targets)


def _makes_container(value: cst.BaseExpression, ctx: RuleContext) -> bool:
    if isinstance(value, (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp)):
        return True
    return isinstance(value, cst.Call) and ctx.resolve(value.func) in _CONTAINER_CALLS


def _outer_container(target: cst.BaseExpression, ctx: RuleContext) -> str | None:
    """The name of a container defined outside the trace that `target` belongs to, if any."""
    if not isinstance(target, cst.Name):
        return None
    name = target.value
    if name in ctx.analysis.index.imports.bound_names() and ctx.resolve(target) != name:
        return None  # a module or imported function (`np.append`), not a container
    fn = ctx.function
    while fn is not None:  # the function whose variable it is, as Python binds it
        body = ctx.analysis.body(fn)
        if name in body.local_names:
            if fn.contexts:
                return None  # made inside this trace (or a vmap/grad trace around it): scratch
            break
        if name in body.declared_global:
            break  # the module's
        fn = fn.parent
    if (name in ctx.analysis.body(ctx.function).declared_outer or not ctx.is_local(name)) and not _memoised(name, ctx):
        return name
    return None


class OuterMutationInCachedTrace(Rule):
    """Mutation of a container defined outside the cached trace.

    What it does:
        Flags `outer.append(x)`, `outer.update(...)`, `outer[k] = v` and similar on a list,
        dict or set that is not created inside the accelerated function (the variable is the
        one Python binds the name to: the nearest function binding it, or the module's under
        `global`; it is scratch only where that function is traced), and
        `self.history.append(x)` or `self.cache[k] = x` in a jitted method of a plain class
        whose `__init__` makes that attribute a list, dict or set. A Keras layer or model
        outlives the traces `fit` builds too: in its traced method (`call`, `train_step`) such
        a change is flagged where it stores a traced value in a container host code of the
        module reads (as ACC409 flags `self.y = y` there; a Python value stored, or a container
        nobody reads, is left alone). Where the framework copies each container
        attribute into the compiled module (`[effects] attribute_containers = "copied"`:
        torch.jit.script), such a change is kept in the copy, and only one another holder sees
        eagerly is lost: an item assignment, augmented item assignment or mutating call on
        `self.b` where `__init__` binds `self.b = self.a` (or `self.a = self.b`) with one of
        them made a container there, or binds it to a list or dict parameter
        (`log: List[int]`, the caller's). A trace counter (`counts[0] += 1`,
        `seen.append(None)` on a list its scope only asserts, compares or prints as a count of
        traces: see ACC405)
        is left to `--strictness pedantic`, and so is `REGISTRY[key] = value` with a Python
        key and value for sure (every trace stores the same entry), and a Python value stored
        by a closure its eager enclosing function compiles and runs once per call (see ACC405). Methods that return
        `None` (`append`, `update`, ...) count only as statements: a call whose result is used
        (`updates, state = optimizer.update(grads, state)`) belongs to another kind of object.
        Nor is a change a `finally` undoes (`ACTIVE.add(k)`, then `try: ... finally:
        ACTIVE.remove(k)`: the same container and item, the `try` right after the change or
        around it): every run leaves the container as it found it.

    Why is this bad:
        The mutation runs once, while the trace is built: histories stop growing on cached
        calls, and under `jax.jit` they collect tracers that are invalid after tracing.

    Example:
        LOSSES = []

        @jax.jit
        def step(x):
            loss = (x * x).sum()
            LOSSES.append(loss)
            return loss

    Use instead:
        Return the value and append it outside: `LOSSES.append(step(x))`.

    Fix safety:
        No automatic fix.
    """

    code = "ACC406"
    name = "outer-mutation-in-cached-trace"
    contexts = CACHED_AND_KERNELS
    VALID = [
        """
import jax
import optax

OPTIMIZER = optax.sgd(0.1)

@jax.jit
def update(params, grads, state):
    updates, state = OPTIMIZER.update(grads, state)
    return optax.apply_updates(params, updates), state
""",
        """
import jax

@jax.jit
def step(xs):
    parts = []
    for i in range(3):
        parts.append(xs[i] * 2)
    return sum(parts)
""",
        """
import jax

ACTIVE = set()

@jax.jit
def step(x):
    ACTIVE.add("step")
    try:
        return x * 2
    finally:
        ACTIVE.remove("step")
""",
    ]
    INVALID = [
        """
import jax

LOSSES = []
METRICS = {}

@jax.jit
def step(x):
    loss = (x * x).sum()
    LOSSES.append(loss)  # expect: ACC406
    METRICS["loss"] = loss  # expect: ACC406
    return loss
""",
        """
from functools import partial
import jax

class Trainer:
    def __init__(self):
        self.loss_history = []

    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        loss = (x * x).sum()
        self.loss_history.append(loss)  # expect: ACC406
        return loss
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        method = func.attr.value
        as_statement = isinstance(ctx.parent, cst.Expr)
        if (method in _io()["mutating_methods"] and as_statement) or method in _io()["mutating_methods_returning"]:
            if _report_aliased(node, func.value, ctx):
                return
            name = _outer_container(func.value, ctx) or _instance_container(func.value, [a.value for a in node.args], ctx)
            if (
                name is not None and not _balanced_stack(name, ctx) and not is_trace_counter(node, name, ctx)
                and not traced_once_per_closure(name, [a.value for a in node.args], ctx) and not undone_in_finally(node, ctx)
                and not _raises_first(node, ctx)
            ):
                ctx.report(node, f"'{name}.{func.attr.value}' mutates a container defined outside the cached trace; " + framework_of(ctx).says(self.code, _REMEDY))

    def _subscript_targets(self, node: cst.CSTNode, targets, ctx: RuleContext) -> None:
        """Report the first item target of an outer container; `del` of a slice counts too (an
        array buffer's items cannot be deleted, so `del c[:]` is a list or dict)."""
        for target in targets:
            if isinstance(target, cst.Subscript) and (isinstance(node, cst.Del) or not _array_index(target)):
                if _report_aliased(node, target.value, ctx):
                    return
                name = _outer_container(target.value, ctx) or _instance_container(target.value, _written(node), ctx)
                if (
                    name is not None and not is_trace_counter(node, name, ctx) and not _registry_fill(node, target, ctx)
                    and not traced_once_per_closure(name, _written(node), ctx) and not undone_in_finally(node, ctx)
                ):
                    change = "item deletion from" if isinstance(node, cst.Del) else "item assignment to"
                    ctx.report(node, f"{change} '{name}' mutates a container defined outside the cached trace; " + framework_of(ctx).says(self.code, _REMEDY))
                    return

    def visit_Assign(self, node: cst.Assign, ctx: RuleContext) -> None:
        self._subscript_targets(node, [part for t in node.targets for part in _unpacked(t.target)], ctx)

    def visit_AugAssign(self, node: cst.AugAssign, ctx: RuleContext) -> None:
        self._subscript_targets(node, [node.target], ctx)

    def visit_Del(self, node: cst.Del, ctx: RuleContext) -> None:
        self._subscript_targets(node, _unpacked(node.target), ctx)


_REMEDY = "it runs only when a trace is built; return the value and update it outside"


def _report_aliased(node: cst.CSTNode, container: cst.BaseExpression, ctx: RuleContext) -> bool:
    """Report an in-place change of `self.attr` that another holder of the object does not see
    (`_aliased_attribute`); whether it did."""
    other = _aliased_attribute(container, ctx)
    if other is None:
        return False
    ctx.report(
        node,
        f"changes '{ctx.code_for(container)}' in place, which {other} also holds: the compiled module keeps its own "
        f"copy of each container attribute, so the change does not show through {other} as it does eagerly; "
        "keep one name for the object, or return the new value",
    )
    return True


def _unpacked_part(node: cst.CSTNode, target: cst.BaseExpression) -> bool:
    """Whether `target` is one part of an unpacking in the assignment `node`."""
    return isinstance(node, cst.Assign) and all(t.target is not target for t in node.targets)


def _unpacked(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The targets an assignment target binds, through tuple and list unpacking
    (`stack[-1], sub = split(stack[-1])` writes `stack[-1]`)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [part for element in target.elements for part in _unpacked(element.value)]
    return [target]


def _registry_fill(node: cst.CSTNode, target: cst.Subscript, ctx: RuleContext) -> bool:
    """`REGISTRY[name] = typ` with a Python key and value for sure: every trace that reaches it
    stores the same entry, so that cached calls skip it loses nothing (a registry or cache
    filled while tracing, flax's `VariableTypeCache[name] = typ`). Left to pedantic."""
    if ctx.analysis.pedantic or not isinstance(node, cst.Assign) or ctx.kind(node.value) is not Kind.STATIC:
        return False
    part = target.slice[0].slice if len(target.slice) == 1 else None
    return isinstance(part, cst.Index) and ctx.kind(part.value) is Kind.STATIC


def _static_write(node: cst.CSTNode, target: cst.BaseExpression, ctx: RuleContext) -> bool:
    """Whether the value an assignment writes to `target` is a Python value for sure (`+=`:
    both the old value and the increment)."""
    value = getattr(node, "value", None)
    if value is None or ctx.kind(value) is not Kind.STATIC:
        return False
    return not isinstance(node, cst.AugAssign) or ctx.kind(target) is Kind.STATIC


class PlottingInCachedTrace(Rule):
    """Plotting (`matplotlib`, `seaborn`, `plotly`) in a cached trace.

    What it does:
        Flags plotting calls inside a cached trace.

    Why is this bad:
        Plots are drawn once, while the trace is built, from tracer or first-call values;
        cached calls draw nothing.

    Example:
        @jax.jit
        def step(x):
            plt.plot(x)
            return x

    Use instead:
        Return the values and plot outside the accelerated function.

    Fix safety:
        No automatic fix.
    """

    code = "ACC407"
    name = "plotting-in-cached-trace"
    contexts = CACHED_AND_KERNELS
    VALID = [
        """
import jax
import matplotlib.pyplot as plt

@jax.jit
def step(x):
    return x * 2

def show(x):
    plt.plot(step(x))
""",
    ]
    INVALID = [
        """
import jax
import matplotlib.pyplot as plt

@jax.jit
def step(x):
    plt.plot(x)  # expect: ACC407
    return x
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        qualified = ctx.resolve(node.func)
        if qualified and qualified.startswith(tuple(_io()["plotting_prefixes"])):
            ctx.report(node, f"plotting call '{ctx.code_for(node.func)}' in a cached trace {ONCE}; plot outside")


class HostEffectInCachedTrace(Rule):
    """Third-party host output (progress bars, experiment trackers, TensorBoard) in a cached trace.

    What it does:
        Flags calls of `tqdm`, `rich`, `wandb`, `mlflow.log_*`, TensorBoard summary writers and
        the functions the project lists in `host-effects` (`[tool.acclint]`) inside a cached
        trace.

    Why is this bad:
        The call runs once, while the trace is built: the progress bar moves once, the metric
        is logged once (and from a tracer, which trackers cannot serialise); cached calls log
        nothing.

    Example:
        @jax.jit
        def step(params, batch):
            loss = loss_fn(params, batch)
            wandb.log({"loss": loss})
            return loss

    Use instead:
        Return the metrics and log them outside the accelerated function, or from
        `jax.debug.callback`.

    Fix safety:
        No automatic fix.
    """

    code = "ACC408"
    name = "host-effect-in-cached-trace"
    contexts = CACHED_AND_KERNELS
    VALID = [
        """
import jax
import wandb

@jax.jit
def step(x):
    return (x * x).sum()

def train(x):
    wandb.log({"loss": step(x)})
""",
    ]
    INVALID = [
        """
import jax
import wandb
from tqdm import tqdm

@jax.jit
def step(x):
    loss = (x * x).sum()
    wandb.log({"loss": loss})  # expect: ACC408
    tqdm.write("step")  # expect: ACC408
    return loss
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        qualified = ctx.resolve(node.func)
        if qualified is None:
            return
        table = apis()["host_effects"]
        user = ctx.analysis.markers.host_effects
        if qualified.startswith(framework_of(ctx).graph_calls):
            return  # an operation of the framework's own graph (tf.summary under tf.function)
        if qualified in table["names"] or qualified.startswith(tuple(table["prefixes"])) or qualified in user:
            ctx.report(node, f"host call '{ctx.code_for(node.func)}' in a cached trace " + framework_of(ctx).says(self.code, f"{ONCE}; return the values and call it outside, or in jax.debug.callback"))


class AttributeWriteInCachedTrace(_ChecksAssignmentTargets, Rule):
    """Assignment to an attribute of an object from outside the trace (`self.x = ...`).

    What it does:
        Flags `self.attr = value` (and `+=`, and `setattr(self, "attr", value)` with a literal
        name) in a traced method, and `obj.attr = value` for an object the function did not
        make (a global or a closure's, one an imported call made too: `BOX =
        types.SimpleNamespace()`; not an imported module), inside a cached trace;
        also on an object reached from those through attributes
        (`self.model.weight.requires_grad = True`, `CONFIG.opt.lr = x`) or a local only ever
        bound to such a chain (`w = self.model.weight`), except in a framework module's method
        (its submodules are its state, below).
        A write under a test of the same attribute (`if self._cache is None: self._cache =
        ...`) fills a trace-time cache on purpose and is not flagged; nor is a write in a
        block that runs only while a flag is unset and sets it (`if not self._initialized:
        ...; self._initialized = True`), or in a method whose every use is a call in such a
        block: a lazy initialisation runs on the first call only, eagerly as well as traced,
        so tracing changes nothing about how often it runs (ACC405 and ACC406 leave both
        alone too). A once-block that sets its flag to `True`/`False` and returns early,
        skipping other code after it (`if not self._built: self._built = True; return
        self.prev.assign(v)`), is no initialisation: the path a call takes is decided while
        tracing (a `tf.function`/`jax.jit` method returns the first path on every call, Keras'
        second trace of `fit`'s step never takes it; larq#100; runs:
        benchmarks/framework_runs.py keras_once_block_returning_early,
        jit_once_block_returning_early), and its flag write is flagged, under Keras too. Nor is a framework
        module's own state: a flax nnx module's value wrapped in an nnx variable (`self.x =
        nnx.Intermediate(y)`), the value of an array leaf its `__init__` made (`self.count +=
        1` after `self.count = jnp.array(0)`) and a Python value (`self.index = 2`, the
        module's structure), all of which nnx transforms carry out, and any write in a linen or
        equinox module (frozen: the write raises at once) or a haiku module (it lives inside
        the transform). A module method handed to `jax.jit(self.step)` is still flagged, and
        so is a write of an nnx module's variable (`self.count.value += 1`) in a method a
        traced function runs through a module-level name holding the module (`counter()`,
        `stats.add(x)`) or a module that keeps it (`model(x)` whose `__call__` calls
        `self.calls()`): nnx carries the state of a module passed in as an argument only, and
        raises TraceContextError for one captured by closure (flax 0.12.8,
        benchmarks/framework_runs.py nnx_captured_module_writes; flax#4333).
        Under Keras (a layer's `call`, a model's `train_step`) and `tf.function` only an
        update of the attribute from its own value is flagged (`self.current_step += 1`: it
        counts traces, not batches; under `tf.function` the attribute keeps the trace's
        symbolic tensor, tensorflow#31363), and a plain set of a traced value or a pytree of
        them to an attribute some code of the module reads (`self.y = y` in a `train_step`:
        the model outlives the trace `fit` builds, and a callback reading `self.model.y` finds
        a tensor of a finished graph, TauMLTools#109;
        run: benchmarks/framework_runs.py traced_values_kept_on_objects); a plain set of
        another value (`self.built = True`, a `tf.Variable` made on the first call) is their
        own set-up idiom, and so are a variable's `assign` and a metric's `update_state`.

    Why is this bad:
        The write runs once, while the trace is built: a step counter stops counting, and
        under `jax.jit` the attribute keeps a tracer that is invalid after tracing (a leaked
        tracer error on the next use).

    Example:
        class Trainer:
            def __init__(self):
                self.step = jax.jit(self._step)
                self.count = 0

            def _step(self, x):
                self.count += 1
                return x * 2

    Use instead:
        Thread the state through arguments and return values (`count + 1`), or use a
        framework's state (flax `nnx.Variable`, haiku `hk.set_state`).

    Fix safety:
        No automatic fix.
    """

    code = "ACC409"
    name = "attribute-write-in-cached-trace"
    contexts = CACHED_ONLY
    VALID = [
        """
import jax

class Trainer:
    def __init__(self):
        self.step = jax.jit(self._step)
        self.count = 0

    def _step(self, x, count):
        return x * 2, count + 1
""",
        """
import jax

class Model:
    def __init__(self):
        self.run = jax.jit(self._run)
        self._treedef = None

    def _run(self, x):
        if self._treedef is None:
            self._treedef = jax.tree_util.tree_structure(x)
        return x * 2
""",
        """
import haiku as hk
from flax import nnx

class Attention(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, x):
        y = self.proj(x)
        self.max_logits = nnx.Intermediate(y.max())
        return y

class Encoder(hk.Module):
    def __call__(self, x):
        self.representations = {"hidden": x * 2}
        return self.representations["hidden"]
""",
        """
import jax.numpy as jnp
from flax import nnx

class Counter(nnx.Module):
    def __init__(self):
        self.count = jnp.array(0)
        self.index = 0

    def __call__(self, x):
        self.count += 1
        self.index = (self.index + 1) % 3
        return x * 2
""",
    ]
    INVALID = [
        """
import jax

class Trainer:
    def __init__(self):
        self.step = jax.jit(self._step)
        self.count = 0

    def _step(self, x):
        self.count += 1  # expect: ACC409
        self.last = x  # expect: ACC409
        return x * 2
""",
        """
from flax import nnx

class Attention(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, x):
        y = self.proj(x)
        self.max_logits = y.max()  # expect: ACC409
        return y
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        written = _setattr_write(node, ctx)
        if written is not None:
            self._check(written, written.targets[0].target, ctx, at=node)

    def _check(self, node: cst.CSTNode, target: cst.BaseExpression, ctx: RuleContext, at: cst.CSTNode | None = None) -> None:
        """`at`: the node reported, where `node` is the assignment a call spells (`setattr`)."""
        if not isinstance(target, cst.Attribute):
            return
        root = chain_root(target.value)
        if root is None:
            return
        owner = root.value
        fn = ctx.function
        is_self = _is_self(owner, ctx)
        if is_self and fn.cls is not None and _captured_write(node, target, ctx, at):
            return
        if target.value is not root or (not is_self and ctx.is_local(owner)):
            # an object reached through attributes (`self.model.weight.requires_grad = True`),
            # or a local only ever bound to such a chain (`w = self.model.weight`)
            if not _reached_from_outside(target.value, ctx):
                return
            if fn.cls is not None and fn.cls in ctx.analysis.modules.of:
                return  # a framework module's submodules: its own state, as its attributes are
        elif not is_self and _names_a_module(owner, ctx):
            return  # a module's attribute
        if is_self and fn not in ctx.analysis.bound_methods and fn.markers & ctx.analysis.markers.class_bases and _unpacked_part(node, target):
            return  # a framework module's own state, given a value the unpacking does not show (`y, self.layers = f()`)
        if is_self and fn not in ctx.analysis.bound_methods and ctx.analysis.modules.writes_kept(
            fn.cls, node.value, target.attr.value, _static_write(node, target, ctx)
        ):
            return  # a framework module's own state: frozen, local to the trace, or carried by nnx
        if _memoised(dotted_name(target) or "", ctx):
            return
        if isinstance(node, (cst.Assign, cst.AugAssign)) and value_raises(node.value, framework_of(ctx), ctx.contexts, ctx.resolve, ctx.is_traced):
            return  # the value raises before the store (`self.best = m.item()` under jax.jit)
        if (
            framework_of(ctx).attribute_writes == "updates" and not _updates_itself(node, target) and not _keeps_traced_value(node, target, ctx)
            and not under_returning_once_block(ctx.ancestors, ctx.analysis.module)
        ):
            return  # a plain set: the framework's own set-up idiom (Keras' `self.built = True`)
        ctx.report(at or node, f"write to attribute '{ctx.code_for(target)}' of an object from outside the trace {ONCE}; return the new value instead")


def _captured_write(node: cst.CSTNode, target: cst.Attribute, ctx: RuleContext, at: cst.CSTNode | None) -> bool:
    """Report (and say so) a write of a variable of the method's own module where a traced
    function reaches the module through a module-level name, not an argument
    (rules/captured_modules.py: nnx raises TraceContextError)."""
    state = written_state(ctx.analysis, ctx.function, target)
    holder = captured_by(ctx.analysis, ctx.function) if state is not None else None
    if holder is None:
        return False
    ctx.report(
        at or node,
        f"writes the variable '{state}' of a module the trace reaches through the module-level '{holder}', not an "
        "argument: the trace stores a tracer in state outside it (nnx raises TraceContextError); pass the module "
        "to the transformed function as an argument",
    )
    return True


class VariableMadeOnEveryCall(Rule):
    """A framework variable made in a cached trace on a path every call takes.

    What it does:
        Flags a call that makes a framework variable (`tf.Variable(...)`; under Keras `fit` also
        a stateful Keras object, a layer with weights or a seed generator, `layers.Dropout(0.2)`,
        `layers.Dense(8)`, a `keras.random.SeedGenerator`: `[state] makers` in the
        framework's data) in a traced function where it is not under an `if`, `while` or `try`,
        a conditional expression, a boolean operator, a comprehension, a lambda or a nested
        function, in the function a marker traces itself (decorated by markers alone, or handed
        to one: `tf.function(self._step)`, `ds.map(parse)`) or a method its framework traces by
        its name (a Keras layer's `call`, a model's `train_step`), not in a helper it calls, which may
        run once (sonnet's `@once.once def _initialize`): every call would make a new one. Variables made once, on
        the first call (`if self.v is None: self.v = tf.Variable(...)`), or outside the
        function, are not flagged.

    Why is this bad:
        A `tf.function` keeps the variables its first trace made and refuses to make new ones
        on a later trace: `ValueError: tf.function only supports singleton tf.Variables created
        on the first call` (TensorFlow traces the function a second time to check this, so it
        raises on the first call already). Eagerly the same code makes a fresh variable per call.

    Example:
        @tf.function
        def accumulate(x):
            acc = tf.Variable(0.0)
            acc.assign_add(tf.reduce_sum(x))
            return acc.read_value()

    Use instead:
        Make the variable once, outside the function (or on an object, on the first call
        only), and update it with `assign`; or keep the value a tensor (`acc = tf.zeros(())`).

    Fix safety:
        No automatic fix.
    """

    code = "ACC410"
    name = "variable-made-on-every-call"
    contexts = CACHED_ONLY
    VALID = [
        """
import tensorflow as tf

class Count:
    def __init__(self):
        self.acc = None

    @tf.function
    def __call__(self, x):
        if self.acc is None:
            self.acc = tf.Variable(0.0)
        self.acc.assign_add(tf.reduce_sum(x))
        return self.acc.read_value()
""",
    ]
    INVALID = [
        """
import tensorflow as tf

@tf.function
def accumulate(x):
    acc = tf.Variable(0.0)  # expect: ACC410
    acc.assign_add(tf.reduce_sum(x))
    return acc.read_value()
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        framework = framework_of(ctx)
        made = ctx.resolve(node.func)
        if made not in framework.state_makers and (made not in framework.built_on_call or not _called_here(node, ctx)):
            return
        if any(isinstance(a, _CONDITIONAL) for a in ctx.ancestors[1:]):
            return  # made on some calls only (the first), or in a nested scope
        if not _traced_entry(ctx):
            return  # a helper the trace calls: who calls it, how often, is not seen here
        ctx.report(
            node,
            f"'{ctx.code_for(node.func)}' makes a variable on every call of a cached trace: "
            + framework_of(ctx).says(self.code, "each call or trace makes a new one; make it once, outside, and update it with assign"),
        )


def _called_here(made: cst.Call, ctx: RuleContext) -> bool:
    """Whether the object `made` makes is called in the visited function, which builds its
    variables there: at once (`layers.Dense(2)(x)`) or through the one name it is bound to
    (`proj = layers.Dense(2)`, then `proj(x)`)."""
    parent = ctx.ancestors[-1] if ctx.ancestors else None
    if isinstance(parent, cst.Call) and parent.func is made:
        return True
    if not (isinstance(parent, cst.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name)):
        return False
    name = parent.targets[0].target.value
    return any(
        isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value == name
        for n in walk_body(ctx.function.node)
    )


def _traced_entry(ctx: RuleContext) -> bool:
    """Whether the visited function is what a marker traces (`_traced_itself`) or a method its
    framework traces by its name (a Keras model's `train_step`, a layer's `call`)."""
    fn = ctx.function
    traced = ctx.analysis.modules.of.get(fn.cls) if fn.cls is not None else None
    return (traced is not None and fn.name in traced.methods) or _traced_itself(ctx)


def _traced_itself(ctx: RuleContext) -> bool:
    """Whether the visited function is what a marker traces, not a helper reached from it: it
    is decorated by markers alone, or handed to a call of a marker (`tf.function(self._step)`,
    `ds.map(parse)`). A helper may run less often than the trace is called (sonnet's
    `@once.once def _initialize(self, x)`, and the `_make_w` it calls, make the variables once)."""
    fn = ctx.function
    node = fn.node
    if isinstance(node, cst.FunctionDef) and node.decorators:
        return all(ctx.analysis.decorator_marker(d.decorator) is not None for d in node.decorators)
    for site in ctx.analysis.index.sites:
        if isinstance(site.expr, cst.Call):
            for arg in site.expr.args:
                value = arg.value
                named = value.value if isinstance(value, cst.Name) else value.attr.value if isinstance(value, cst.Attribute) else None
                if value is node or (named is not None and named == fn.name):
                    return True
    return False


# What puts a statement on a path some calls do not take, or in another scope.
_CONDITIONAL = (
    cst.If, cst.While, cst.Try, cst.TryStar, cst.IfExp, cst.BooleanOperation, cst.ListComp, cst.SetComp,
    cst.DictComp, cst.GeneratorExp, cst.Lambda, cst.FunctionDef, cst.ClassDef,
)
