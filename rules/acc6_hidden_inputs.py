"""ACC6xx: hidden inputs a cached trace reads once and freezes, while they change later.

Every rule here reports a read inside a cached trace of a value that is not an argument of it
(a module-level name, an iterator made outside, an attribute of a bound method's `self`) and
names the line where that value changes after a trace could have been built; the analysis of
where values change is `acclint.analysis.bindings`. A value that never changes is no finding.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.bindings import MUTATORS, Change, chain_links, chain_root
from acclint.analysis.item_writes import subscript_keys
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.taint import Kind
from acclint.frameworks.markers import CACHED
from acclint.lint.rule import Rule, RuleContext
from acclint.rules.acc3_host_conversion import printed_only
from acclint.rules.frozen_keys import seeds_frozen_key
from acclint.rules.partial_globals import partial_global
from acclint.analysis.walk import walk_body

CACHED_ONLY = frozenset({CACHED})
STALE = "cached calls keep the value seen while tracing"
# Calls that make a one-shot iterator.
ITERATOR_MAKERS = frozenset({"iter", "map", "filter", "zip", "enumerate", "reversed"})


def is_read(node: cst.Name, parent: cst.CSTNode | None) -> bool:
    """Whether `node` reads a variable (not an attribute name, a keyword, a target)."""
    if isinstance(parent, cst.Attribute):
        return parent.value is node
    if isinstance(parent, cst.Arg):
        return parent.value is node
    if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.For, cst.CompFor, cst.NamedExpr, cst.AnnAssign)):
        return getattr(parent, "target", None) is not node
    return not isinstance(parent, (cst.NameItem, cst.Param, cst.Del, cst.AsName, cst.ImportAlias, cst.FunctionDef, cst.ClassDef, cst.Decorator))


def changed_here(node: cst.Name, ctx: RuleContext) -> bool:
    """Whether `node` is the object of a change in the trace (`m["k"] = v`, `m.update(...)`):
    a write, ACC4's finding, not a read of a hidden input."""
    parent = ctx.parent
    if not isinstance(parent, (cst.Subscript, cst.Attribute)) or parent.value is not node or len(ctx.ancestors) < 2:
        return False
    above = ctx.ancestors[-2]
    if isinstance(above, (cst.AssignTarget, cst.AugAssign, cst.Del)) and above.target is parent:
        return True
    return isinstance(parent, cst.Attribute) and parent.attr.value in MUTATORS and isinstance(above, cst.Call) and above.func is parent


def _module_change(node: cst.Name, ctx: RuleContext, attribute: str | None = None) -> Change | None:
    """The change after tracing of the module-level variable `node` reads, or None;
    `attribute`: the read is of that attribute of it (writes of its other attributes change
    nothing the read sees)."""
    name = node.value
    fn = ctx.function
    index = ctx.analysis.index
    if name not in index.module_values and name not in index.functions and not ctx.analysis.may_declare_global(name) or ctx.is_local(name):
        return None  # not bound at module level nor by a `global` write, or the function's own (cheap tests first)
    if not is_read(node, ctx.parent) or changed_here(node, ctx) or name in ctx.analysis.body(fn).declared_outer:
        return None  # a write, or `global n; n += 1` in the trace: ACC4's finding
    if not (ctx.analysis.may_rebind_function(name) if name in index.functions else ctx.analysis.may_change_value(name)):
        return None  # a function defined once and never bound again, a variable never changed
    bindings = ctx.analysis.bindings
    if not bindings.is_module_name(name, fn) or not (bindings.module_value(name) or bindings.module_function(name)):
        return None
    values = index.module_values.get(name, [])
    if values and all(_makes_iterator(v, ctx) for v in values):
        return None  # an iterator: ACC603's, where it is consumed
    return bindings.change_of(name, fn, attribute)


def _readable(name: str, ctx: RuleContext) -> bool:
    """Whether the framework tracing `ctx`'s function can read module-level `name` at all: any
    global, or (`[cache] globals = "modules"`, torch.jit.script) only a module, imported or made
    by `types.ModuleType(...)`; it raises on the others when it compiles the function."""
    if ctx.framework.globals_read != "modules":
        return True
    values = ctx.analysis.index.module_values.get(name, [])
    if values:
        return all(isinstance(v, cst.Call) and ctx.resolve(v.func) == "types.ModuleType" for v in values)
    bindings = ctx.analysis.bindings
    return bindings.module_object(name) and bindings.instance_class(name) is None


def _report_module_change(node: cst.Name, ctx: RuleContext, how: str, changed: str, advice: str) -> None:
    """Report the read `node` when the module-level variable it reads is changed `how`
    ("rebound", "mutated") after a trace could be built; `changed` and `advice` word it."""
    if not _readable(node.value, ctx):
        return
    parent = ctx.parent
    change = _module_change(node, ctx, parent.attr.value if isinstance(parent, cst.Attribute) and parent.value is node else None)
    if change is not None and change.how == how:
        where = ctx.analysis.bindings.where(change)
        ctx.report(node, f"module-level '{node.value}' is read in a cached trace but {changed} {where}: {STALE}; {advice}")


class GlobalRebound(Rule):
    """A module-level variable a cached trace reads is rebound after a trace was built and before a later call that reuses it.

    What it does:
        Flags a read, inside a cached trace (`jax.jit`, `tf.function`, `lax.scan`/`fori_loop`/
        `while_loop` bodies, `dlaccelerate`, helpers they call), of a module-level variable
        rebound (assignment, augmented assignment, `for` target, `del`, `globals()["N"] = v`), or of a module-level
        function the trace calls bound again (a later `def` of the name, as a notebook cell
        makes, `helper = other`, a `global` write; torch.compile guards on it and recompiles),
        between a call that
        may build the trace and a later call through the same name, in program order (a loop
        repeats its body: a write late in one pass precedes a call early in the next). A
        function or method that writes it through `global` writes where module-level code
        runs it (`set_lr(0.01)`, `tuner.apply()`, or a function calling them), or in its own
        loop between two of its calls of the trace; one never run in the module (a library's
        entry point) may run after any call. A function's own order counts its names bound to a
        compiled wrapper of the function holding the reader (`def main(): run = jax.jit(outer);
        run(x); ARGS = (3, 4); run(x)`, or `set_rate(0.5)` between two calls), and a script's
        `main()` (called once by module-level code, in no loop, named nowhere else) binding a
        global only there binds the module's: its first binding is set-up. Nothing is stale when
        a new cache starts in between: the function defined again (a `@tf.function` made on
        every pass of a loop reads that pass's names), a new wrapper bound to the called name
        (not `jax.jit` of the same function again, which finds the old traces),
        `jax.clear_caches()`, or a closure a host function makes anew on each call. Set-up
        before the first call (`load_params()` first), a lazy `if X is None: X = load()`
        before the call that reads it, a flag a context manager sets and restores, and a read
        that feeds a `global` write in the same trace (ACC4) are not flagged, nor is a call
        through a name that then holds an instance of another class of the module whose code
        cannot reach the traced method (`model = MyModel()`, `model.fit(...)`, then `model =
        CustomTraining()`, whose `train_step` reads `model`). Another module of the project
        that calls the compiled function and rebinds the variable in between (`import model;
        model.step(x); model.SCALE = 3.0; model.step(x)`), in its own program order, makes
        the same change. The message names the line of the change, or the other module.

    Why is this bad:
        The trace reads the variable once, while it is built, and stores its value as a
        constant. Later calls replay that constant: rebinding the variable changes nothing,
        and no error says so (JAX's FAQ: "`jit` changes the behavior of my function").

    Example:
        y = 0

        @jax.jit
        def f(x):
            return x + y

        for y in range(3):
            f(y)  # 0, 1, 2 (eagerly: 0, 2, 4)

    Use instead:
        @jax.jit
        def f(x, y):
            return x + y

        Pass the value as an argument: a traced one when it varies like data, a static one
        (`static_argnums`/`static_argnames`) when it is configuration, so that each value
        gets its own trace.

    Fix safety:
        No automatic fix: the signature and every call site change, and whether the value is
        traced or static is a choice only its author can make.
    """

    code = "ACC601"
    name = "global-rebound-after-trace"
    contexts = CACHED_ONLY
    VALID = [
        """
import jax

SCALE = 2.0
SCALE = 3.0  # rebound before any call: every trace sees 3.0

@jax.jit
def f(x):
    return x * SCALE

for step in range(3):
    f(step)
""",
        """
import jax

@jax.jit
def f(x, y):
    return x + y

for y in range(3):
    f(y, y)
""",
        """
import tensorflow as tf

for scale in (1.0, 2.0):
    @tf.function  # a new callable with an empty cache on every pass
    def apply(x):
        return x * scale

    apply(tf.ones(2))
    apply(tf.ones(2))
""",
        """
import jax

PARAMS = None

def load_params():
    global PARAMS
    PARAMS = 3.0

@jax.jit
def f(x):
    return x * PARAMS

for step in range(3):
    if PARAMS is None:
        load_params()  # once, before the first call reads it
    f(step)
""",
    ]
    INVALID = [
        """
import jax

y = 0

@jax.jit
def f(x):
    return x + y  # expect: ACC601

for y in range(3):
    f(y)
""",
        """
import jax

LR = 0.1

@jax.jit
def update(w, g):
    return w - LR * g  # expect: ACC601

def decay():
    global LR
    LR = LR / 2
""",
    ]

    def visit_Name(self, node: cst.Name, ctx: RuleContext) -> None:
        _report_module_change(node, ctx, "rebound", "rebound", "pass it as an argument (static if it is configuration)")


class GlobalMutated(Rule):
    """A module-level container or object a cached trace reads is changed in place after a trace was built and before a later call that reuses it.

    What it does:
        Flags a read, inside a cached trace, of a module-level variable whose object is changed
        in place between a call that may build the trace and a later one with no new cache in
        between (as ACC601): an item or attribute assignment (`cfg["scale"] = 2.0`,
        `config.lr = 0.01`, also spelt `setattr(config, "lr", 0.01)`, `config.__dict__["lr"] =
        0.01` or `vars(config)["lr"] = 0.01`, and through an alias: `c = config; c.lr = 0.01`,
        not through a copy), `del cfg[k]`, or a mutating method (`append`, `update`, `pop`,
        ...) of a built-in dict, list or set, by module-level code, by a function where
        module-level code runs it (not a context manager's entry and exit, which restore it),
        or by a function that itself calls the trace before and after the change in its own
        program order (`def main(): for step in ...: CFG.lr = lr(step); train_step(p)`, also
        a Trainer's `fit`; a change before its first call is set-up). A parameter of a
        module-level traced function that a `functools.partial(f, w=W)` binds to a module-level
        `W`, by keyword or by position, reads `W` (`compile(loss=partial(loss, weights=W))`,
        keras#9598), wherever the partial is made (module-level code, a `main()` declaring `W`
        global, a training function reading the module's `W`): `W` changed in place is flagged
        at the parameter's read (not `len(w)`/`w.shape`, which an in-place write keeps);
        rebinding `W` leaves the partial's object alone.
        An attribute read of a module-level object (`STATE.lr`, `settings.lr` of an imported
        module, `cfg.opt.lr`, an instance of a class of the module that takes attribute writes:
        a plain class or a dataclass not declared frozen; a plain class of the module's own attribute: `Model.scale`, or
        `cls.scale` in its classmethod) counts when that attribute is written: by a method of
        the object (`STATE.set_lr(0.01)`, a classmethod's `cls.scale = s`), by a function or
        another object's method it is handed to, or through the name; a write of another
        attribute of the object changes nothing it reads (`STATE.other = 1` is no change of
        `STATE.lr`), unless the attribute read is a property or method of the object's class
        reading it (`STATE._lr` under the property `lr`). Another module of the project calling
        the compiled function writes it alike, in its own program order (`cfg.SCALE = s`
        between two `step(x)` of `from model import step`, where `model` reads `cfg.SCALE`). A call through a name that module-level code binds to a value handing
        the function on (`ds = ds.map(lambda x: ...)`) may build the trace only after that
        binding: a map of the same dataset name inside the loop that fills the dict, before the
        map that reads it is made, builds nothing of it. The message names the line of the
        change. Changes made by other modules are not seen yet. A framework's mutable module
        made at module level (`model = nnx.Linear(2, 3, rngs=...)`: `[traced_class]
        mutable_makers`) is such an object, changed in place by a write of a variable it holds
        (`model.kernel.value = ...`, `model.kernel[...] = ...`): a trace calling it (`model(x)`)
        keeps the old weights under `jax.jit` and `nnx.jit` alike (flax 0.12.8,
        benchmarks/framework_runs.py nnx_closure_over_module_updated; flax#5485).

    Why is this bad:
        The trace reads the item or attribute once and stores it as a constant; changing the
        object later is never seen by cached calls.

    Example:
        cfg = {"scale": 1.0}

        @jax.jit
        def f(x):
            return x * cfg["scale"]

        f(x)
        cfg["scale"] = 2.0
        f(x)  # still scales by 1.0

    Use instead:
        @partial(jax.jit, static_argnames="scale")
        def f(x, scale):
            return x * scale

        f(x, scale=cfg["scale"])

    Fix safety:
        No automatic fix: the value must become an argument (static when it is
        configuration), which changes the signature and the call sites.
    """

    code = "ACC602"
    name = "global-mutated-after-trace"
    contexts = CACHED_ONLY
    VALID = [
        """
import jax

cfg = {"scale": 1.0}
cfg["scale"] = 2.0  # set up before any call

@jax.jit
def f(x):
    return x * cfg["scale"]

f(1.0)
""",
    ]
    INVALID = [
        """
import jax

cfg = {"scale": 1.0}

@jax.jit
def f(x):
    return x * cfg["scale"]  # expect: ACC602

f(1.0)
cfg["scale"] = 2.0
f(1.0)
""",
        """
import jax

import settings

def tune():
    settings.scale = 3.0

@jax.jit
def f(x):
    return x * settings.scale  # expect: ACC602

f(1.0)
tune()
f(1.0)
""",
    ]

    def visit_Name(self, node: cst.Name, ctx: RuleContext) -> None:
        _report_module_change(
            node, ctx, "mutated", "changed in place", "pass the value as an argument (static if it is configuration)"
        )
        _report_partial_change(node, ctx)

    def visit_Attribute(self, node: cst.Attribute, ctx: RuleContext) -> None:
        """`STATE.scale`, `settings.lr`, `cfg.opt.lr`: an attribute of a module-level object
        (an instance of a writable class of the module, an imported module) written by a method of
        the object, a function handed it, or any code through its name, in program order. A
        change of the object the name reports (visit_Name) is not reported twice."""
        root = chain_root(node.value)
        parent = ctx.parent
        if root is None or isinstance(parent, cst.Attribute) and parent.value is node:
            return
        if isinstance(parent, (cst.AssignTarget, cst.AugAssign)) and parent.target is node:
            return  # a write: ACC4's
        if not ctx.analysis.may_write_attribute(node.attr.value):
            return  # no code of the module writes it (most `jnp.x` reads): spares the bindings
        fn = ctx.function
        bindings = ctx.analysis.bindings
        name = _class_of_classmethod(root.value, fn, ctx)
        if name is None:
            name = root.value
            if ctx.is_local(name) or not bindings.is_module_name(name, fn) or not _readable(name, ctx):
                return
            if not bindings.module_object(name) and not bindings.module_class(name):
                return
        attribute = node.attr.value if node.value is root else chain_links(node.value)[0]
        if name in ctx.analysis.body(fn).declared_outer or _module_change(root, ctx, attribute) is not None:
            return
        change = bindings.attribute_written(node.attr.value, fn, set(), {name})
        if change is not None:
            ctx.report(
                node,
                f"'{ctx.code_for(node)}' of module-level '{name}' is read in a cached trace but written {bindings.where(change)}: "
                f"{STALE}; pass the value as an argument (static if it is configuration)",
            )


def _report_partial_change(node: cst.Name, ctx: RuleContext) -> None:
    """A parameter of a module-level traced function that a `functools.partial` (made anywhere)
    binds to a module-level variable (`weights=w_array`, rules/partial_globals.py) reads that
    variable: report it when the variable is changed in place after a trace was built."""
    fn = ctx.function
    if fn.parent is not None or fn.cls is not None or ctx.analysis.index.functions.get(fn.name) is not fn:
        return
    if not any(p.name == node.value for p in fn.params) or not is_read(node, ctx.parent) or changed_here(node, ctx):
        return
    if _reads_layout(node, ctx):
        return  # `len(weights)`, `weights.shape`: an in-place change keeps them
    held = partial_global(ctx.analysis, fn.name, node.value)
    change = ctx.analysis.bindings.change_of(held, fn) if held is not None else None
    if change is not None and change.how == "mutated":
        line = ctx.analysis.bindings.line(change.node)
        ctx.report(
            node,
            f"'{node.value}' holds module-level '{held}' (bound by functools.partial), read in a cached trace but changed "
            f"in place at line {line}: {STALE}; keep it in a variable the framework reads on every call (a keras.Variable, tf.Variable)",
        )


def _reads_layout(node: cst.Name, ctx: RuleContext) -> bool:
    """Whether the read takes only the layout of the value (`len(w)`, `w.shape`, `w.ndim`,
    `w.dtype`), which an item write in place leaves as it was."""
    parent = ctx.parent
    if isinstance(parent, cst.Attribute) and parent.value is node:
        return parent.attr.value in ("shape", "ndim", "dtype")
    above = ctx.ancestors[-2] if isinstance(parent, cst.Arg) and len(ctx.ancestors) > 1 else None
    return isinstance(above, cst.Call) and len(above.args) == 1 and ctx.resolve(above.func) == "len"


def _class_of_classmethod(name: str, fn, ctx: RuleContext) -> str | None:
    """The module-level name of the class a classmethod's class parameter holds (`cls` in
    `Model.apply`, reading `cls.scale`), where `name` is that parameter and the class is a plain
    class of the module's top level; else None."""
    cls = fn.cls
    if cls is None or name != fn.class_param or ctx.analysis.index.classes.get(cls.name) is not cls:
        return None
    return cls.name if ctx.analysis.bindings.module_class(cls.name) else None


class IteratorConsumedInTrace(Rule):
    """A cached trace advances an iterator made outside it, which happens only while the trace is built.

    What it does:
        Flags `next(it)` and `for b in it:` inside a cached trace (`jax.jit`, `tf.function`,
        and the bodies of `lax.scan`, `fori_loop` and `while_loop`, which are traced once) when
        `it` is a module-level or closed-over variable bound only to an iterator, or an
        attribute of a traced method's `self` that the class's other methods set only to one
        (`self.samples = iter(samples)` in `__init__`): `iter(...)` (a
        DataLoader's too), a generator function's (a module-level one, or one defined in the
        function around) or a generator expression's result, `itertools.count()` and the other
        `itertools` iterators, `map`/`filter`/`zip`/`enumerate`/`reversed`. Iterators made
        inside the trace are not flagged, nor is `iter(ds)` of an object the framework iterates
        with an operation of the trace (a tf.data dataset under `tf.function`: `[iterators]
        graph` in its data; a tf.distribute strategy's distributed dataset: `[iterators]
        methods`), which advances on every call.

    Why is this bad:
        The iterator advances once, while the trace is built, and the item it gave is stored
        as a constant: every call, and every step of a `scan`, sees the same batch (and a loop
        over it is exhausted for the next trace). The step counter of `itertools.count()`
        stays at its first value.

    Example:
        batches = iter(dataset)

        @jax.jit
        def step(w):
            return w - 0.1 * grad(w, next(batches))

    Use instead:
        @jax.jit
        def step(w, batch):
            return w - 0.1 * grad(w, batch)

        for batch in dataset:
            w = step(w, batch)

        Draw the batch outside and pass it in, or stack the batches and `lax.scan` over them.

    Fix safety:
        No automatic fix: the batch must become an argument and the loop that draws it moves
        to the caller.
    """

    code = "ACC603"
    name = "iterator-consumed-in-trace"
    contexts = CACHED_ONLY
    VALID = [
        """
import jax

@jax.jit
def total(x):
    for i in iter(range(3)):  # made inside the trace
        x = x + i
    return x
""",
    ]
    INVALID = [
        """
import itertools
import jax
from jax import lax

counter = itertools.count()

def body(c, _):
    return c + next(counter), c  # expect: ACC603

def run(c):
    return lax.scan(body, c, None, length=4)
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        if ctx.resolve(node.func) == "next" and node.args and not seeds_frozen_key(ctx):
            self._check(node.args[0].value, node, "'next()' on", ctx)

    def visit_For(self, node: cst.For, ctx: RuleContext) -> None:
        self._check(node.iter, node.iter, "a loop over", ctx)

    def _check(self, iterated: cst.BaseExpression, where: cst.CSTNode, what: str, ctx: RuleContext) -> None:
        if isinstance(iterated, cst.Name):
            made = _outside_iterator(iterated.value, ctx)
        elif isinstance(iterated, cst.Attribute):
            made = _held_iterator(iterated, ctx)
        else:
            return
        if made is not None:
            line = ctx.analysis.bindings.line(made)
            ctx.report(
                where,
                f"{what} iterator '{ctx.code_for(iterated)}' (made at line {line}, outside the trace) runs once, while "
                "tracing: every call and loop step replays the same item; draw it outside and pass it in",
            )


def _outside_iterator(name: str, ctx: RuleContext) -> cst.CSTNode | None:
    """The value that made `name` an iterator outside the trace, when every binding of it
    makes one; None otherwise."""
    fn = ctx.function
    if name in ctx.analysis.body(fn).local_names:
        return None  # made inside the trace
    if fn.parent is None and name not in ctx.analysis.index.module_values:
        return None  # no enclosing function, no module-level value: nothing made outside (asked before the bindings are built)
    bindings = ctx.analysis.bindings
    binder = bindings.enclosing_binder(name, fn)
    if binder is not None:
        if CACHED in binder.contexts:
            return None  # made in an enclosing trace
        flows = [(v, how) for t, v, how in bindings.body(binder).flows if isinstance(t, cst.Name) and t.value == name]
        if any(how != "=" for _, how in flows):
            return None  # also a loop target or updated in place: not one iterator
        values = [v for v, _ in flows]
    elif bindings.module_value(name):
        values = ctx.analysis.index.module_values.get(name, [])
    else:
        return None
    if values and all(_makes_iterator(v, ctx, binder) for v in values):
        return values[0]
    return None


def _held_iterator(attribute: cst.Attribute, ctx: RuleContext) -> cst.CSTNode | None:
    """The value that made `self.attr` an iterator, where the visited function is a method and
    every method of its class that sets the attribute (none of them the visited one) sets it to
    an iterator (`self.samples = iter(samples)` in `__init__`); None otherwise."""
    fn = ctx.function
    me, cls = fn.self_name, fn.cls
    if cls is None or me is None or not isinstance(attribute.value, cst.Name) or attribute.value.value != me:
        return None
    values = []
    for method in cls.methods.values():
        owner = method.self_name
        for target, value, how in ctx.analysis.bindings.body(method).flows:
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == owner \
                    and target.attr.value == attribute.attr.value:
                if method is fn or how != "=":
                    return None
                values.append((value, method))
    if values and all(_makes_iterator(v, ctx, method) for v, method in values):
        return values[0][0]
    return None


def _makes_iterator(value: cst.BaseExpression, ctx: RuleContext, scope: FunctionInfo | None = None) -> bool:
    """Whether `value` (evaluated in `scope`, None at module level) makes a Python iterator:
    not `iter(ds)` of an object the framework iterates with an operation of the trace
    (`[iterators] graph`: a tf.data dataset's iterator advances on every call)."""
    if isinstance(value, cst.GeneratorExp):
        return True
    if not isinstance(value, cst.Call):
        return False
    qualified = ctx.resolve(value.func) or ""
    if qualified == "iter" and value.args and ctx.framework.graph_iterables and _framework_iterable(value.args[0].value, ctx, scope):
        return False
    if qualified in ITERATOR_MAKERS or qualified.startswith("itertools."):
        return True
    generator = _local_function(value.func, scope) or ctx.analysis.index.functions.get(qualified)
    return generator is not None and any(isinstance(n, cst.Yield) for n in walk_body(generator.node))


def _framework_iterable(iterable: cst.BaseExpression, ctx: RuleContext, scope: FunctionInfo | None) -> bool:
    """Whether `iterable` may be one the framework iterates with an operation of the trace
    (`[iterators] graph`): a dataset the data know, or what a method of an object or a call into
    the framework gives (`strategy.experimental_distribute_dataset(ds)`, tensorflow/recommenders:
    a distributed dataset, whose iterator advances on every call too), directly or through a
    name bound to it."""
    if ctx.framework.graph_iterables & ctx.analysis.types(iterable, scope):
        return True
    values = [iterable]
    if isinstance(iterable, cst.Name):  # its values where the iterator is made
        if scope is not None:
            values = [v for t, v, _ in ctx.analysis.bindings.body(scope).flows if isinstance(t, cst.Name) and t.value == iterable.value]
        else:
            values = ctx.analysis.index.module_values.get(iterable.value, [])
    for value in values:
        if isinstance(value, cst.Call):
            qualified = ctx.resolve(value.func)
            if (qualified is None and isinstance(value.func, cst.Attribute)) or (qualified or "").startswith(ctx.analysis.markers.modelled):
                return True
            if isinstance(value.func, cst.Attribute) and value.func.attr.value in ctx.framework.graph_iterable_methods:
                return True  # `[iterators] methods`: a strategy's distributed dataset, on any receiver
    return False


def _local_function(func: cst.BaseExpression, scope: FunctionInfo | None) -> FunctionInfo | None:
    """The function `func` names among those defined in `scope` or a function around it
    (`def schedule(): ... yield` in `main()`), nearest first; None at module level."""
    while scope is not None and isinstance(func, cst.Name):
        if func.value in scope.inner:
            return scope.inner[func.value]
        scope = scope.parent
    return None


class BoundAttributeRead(Rule):
    """An attribute of an object a cached trace reads from outside it (keyed on by identity, or running its method) is written after a trace was built and before a later call that reuses it.

    What it does:
        The object is a bound method's `self` (`self.update = jax.jit(self._update)`,
        `dlaccelerate(self.step)`), a `self` declared static (`@partial(jax.jit,
        static_argnums=0)`), the `self` of a `@tf.function` method, or an argument that is an
        instance of a plain class of the module and declared static (`static_argnums`/
        `static_argnames`, where the marker decorates the function or is applied to it) or
        passed to a `tf.function`, which keys plain objects by identity (run on jax 0.10, even
        a class hashing by value finds the old entry once its attribute changed in place).
        It is also the `self` of a method the trace runs on a module-level object from outside
        it: one the traced code names (`STATE.value()`), or one handed to the construction of
        an object whose class holds the traced function (brax#440: `Wrapper(env)`, whose
        `__init__` jits a closure calling `self._env.reset(key)`, reading `env.init_pos`).
        Flags `self.lr`, `cfg.scale` or a chain `cfg.opt.lr`, `self.source.data` read in the
        trace when the attribute is written (through the object, the same chain:
        `m.source.data = d`, through an alias `src = m.source; src.data = d`, or `setattr`; or by
        the inner object's code: `m.source.replace(d)`; or, by module-level code or a function,
        an item through it reaching what a bound method or static `self` read:
        `env.params["B"][2] = m` or `env.params["B"] = [...]` for a read of
        `self.params["B"][2]`, pymdp#165, not `env.params["A"] = 1`) outside construction (`__init__`, `__post_init__`, `setup`) and
        outside the traced function, between a call that may build the trace and a later call
        with no new cache in between (the wrapper applied anew to the called attribute:
        `m.step = jax.jit(m._step)`), in program order: by module-level code
        (`trainer.lr = 0.01`), or by a method (`self.lr *= 0.5`), a function or another
        object's method handed the object (`configure(model, 5.0)`), where module-level code
        runs it on the object; a method no code of a module that uses its objects itself calls
        never runs, and one a library leaves to its users may run after any call. The same
        holds in a function for an object it makes (`m = Model(); m.apply(x); m.weights = w;
        m.apply(x)`, or `set_k(m, 5.0)` between the calls), in that function's program order
        (a loop repeats its body; rebinding `m` makes a new object, with a new cache). An
        attribute of the class itself (bound in its body, set through `self` by none of its
        methods) read through `self` or `type(self)` is written by `Model.scale = v` or a
        classmethod's `cls.scale = v` for every instance (run on jax 0.10 and tf 2.21: stale);
        where module-level code holds several instances, each wrapping its own bound method, a
        write to one instance is seen only by the calls through it. A script's `main()` (a
        function module-level code calls once, in no loop, and names nowhere else) is program
        order: the objects it makes and binds through `global` are the module's (`Wrapper(env)`
        there holds `env`), a method neither it nor module code calls never runs, and a local
        bound to a cached marker applied to a local object's bound method (`jit_calc =
        jax.jit(c.calc)`) runs the method on it, as does `lf.step(x)` around `lf.set_data(d)`.
        Another module of the project that passes the object to the compiled function writes a
        static argument's attribute alike, in its own program order (`v.val = 0` between two
        `add(v, 1)` of `from model import add`).
        A write through any other reference to the object is a write of it too, where the
        reference is followed back to the object the trace is keyed on: a parameter of a
        callback's or helper's method or function every call of which by name hands it
        (`agent.cfg.noise = v` in `on_epoch_end(self, agent, epoch)`, run by
        `cb.on_epoch_end(agent, epoch)` between two `agent.act(obs)` in a training loop), an
        attribute of another object built with it (`self.head.temperature = t` in a scheduler
        made as `Schedule(head)`, run between the trace and its later call; an item, too:
        `self.model.cfg["mix"] = v`; also where the object is a local of the function running
        the trace, `KLAnnealer(trainer)` in `main()`), or a local of that function itself. A call
        runs the trace when it calls the method, an attribute bound to a compiled wrapper of it,
        or a method of its class that makes such a call on its own object, to any depth
        (`trainer.step(x)` whose body calls `self.grad_fn(x)`). A reference of unknown origin
        (a framework calls the method, a call passes something else) or one to another
        instance (`Schedule(Head())`) is not counted. A trace bound from a function every `return` of which applies
        `torch.jit.trace` (`traced = export(head, x)`) is built where it is bound.
        `torch.compile` guards what it reads (a recompile, not a stale value) and is not
        flagged. Under `torch.jit.trace` the traced module's `self` is such an object: its
        attributes are recorded as they are while it traces (a float as a constant, a tensor
        attribute or buffer as that tensor, a submodule as the trace's copy), so one rebound
        on the module afterwards is stale (pytorch#57592: `m.p = torch.tensor(0.0)` for the
        `torch.dropout(x, self.p, True)` traced before); an in-place change of a tensor it holds
        is seen. Its mode flag (`self.training`, `[[recorded_mode]]` in torch_trace.toml) is
        not such an input: the trace keeps its own flag, so `m.eval()` or `m.training = False`
        on the source after tracing switches only the eager module, and a switch of the trace
        itself is ACC609's. A read whose value only a host `print` takes is not flagged: the print runs
        only while tracing (ACC401) and no result keeps the value. Attributes set before the first call (a `load_params()` first, a lazy `if
        m.params is None:` before the call), methods, and frozen dataclass or `flax.struct`
        fields (which cannot be written) are not flagged (a dataclass declared `eq=False`,
        hashed by identity and writable, counts as a plain class), nor is a write in a method
        that also empties the cache, itself or through a method of its class it calls on `self`
        (tunix's `with_loss_fn` calling `self.clear_jit_cache()`): it resets what the code
        building the trace reads (`self._loss_fn = fn; self._compiled = False` where `compile()`
        checks `self._compiled` before `jax.jit(self._step)`), calls what empties every cache
        (`jax.clear_caches()`), or binds a new wrapper of the trace (`self.update =
        jax.jit(self._update)`): the next call traces anew.

    Why is this bad:
        Such an object is no traced argument: the cache finds the old trace for the same
        object, whose attribute was read once, while tracing, and stored as a constant.
        Changing it later is not seen by cached calls; the step keeps the old learning rate
        (JAX's FAQ on `static_argnums=0`; a `tf.function` method keeps even a replaced
        `tf.Variable`).

    Example:
        class Trainer:
            def __init__(self):
                self.lr = 0.1
                self.update = jax.jit(self._update)

            def _update(self, w, g):
                return w - self.lr * g

        trainer.lr = 0.01  # ignored by trainer.update

    Use instead:
        class Trainer:
            def __init__(self):
                self.lr = 0.1
                self.update = jax.jit(self._update)

            def _update(self, w, g, lr):
                return w - lr * g

            def step(self, w, g):
                return self.update(w, g, self.lr)

        Copy the attribute into an argument at each call (static when it is configuration).

    Fix safety:
        No automatic fix: the traced method gains a parameter and every caller must pass it.
    """

    code = "ACC604"
    name = "bound-attribute-read-in-trace"
    contexts = CACHED_ONLY
    VALID = [
        """
import jax

class Trainer:
    def __init__(self, lr):
        self.lr = lr  # set only while the object is built
        self.update = jax.jit(self._update)

    def _update(self, w, g):
        return w - self.lr * g
""",
        """
import jax

class Engine:
    def __init__(self, loss_fn):
        self._loss_fn = loss_fn
        self._compiled = False

    def with_loss_fn(self, fn):
        self._loss_fn = fn
        self._compiled = False  # compile() traces anew: the new loss is seen

    def _kernel(self, x):
        return self._loss_fn(x)

    def compile(self):
        if self._compiled:
            return
        self._step = jax.jit(self._kernel)
        self._compiled = True
""",
    ]
    INVALID = [
        """
import jax

class Trainer:
    def __init__(self):
        self.lr = 0.1
        self.update = jax.jit(self._update)

    def _update(self, w, g):
        return w - self.lr * g  # expect: ACC604

    def decay(self):
        self.lr = self.lr / 2
""",
        """
from functools import partial

import jax

class Config:
    def __init__(self):
        self.scale = 2.0

@partial(jax.jit, static_argnums=1)
def apply(x, config):
    return x * config.scale  # expect: ACC604

config = Config()
apply(1.0, config)
config.scale = 3.0
apply(1.0, config)
""",
        """
import jax

class Env:
    def __init__(self):
        self.init_pos = 0.0

    def place(self, pos):
        self.init_pos = pos

    def reset(self, key):
        return self.init_pos + key  # expect: ACC604

class Wrapper:
    def __init__(self, env):
        self._env = env

        def reset(key):
            return self._env.reset(key)

        self._reset = jax.jit(reset)

    def reset(self, key):
        return self._reset(key)

env = Env()
gym = Wrapper(env)
gym.reset(0.0)
env.place(5.0)
gym.reset(0.0)
""",
        """
import jax

class Optimizer:
    def __init__(self):
        self.lr = 0.1

    def decay(self):
        self.lr = self.lr / 2

class Config:
    def __init__(self):
        self.opt = Optimizer()

def step_impl(w, config):
    return w - config.opt.lr  # expect: ACC604

step = jax.jit(step_impl, static_argnums=1)
config = Config()
for epoch in range(3):
    step(1.0, config)
    config.opt.decay()
""",
    ]

    def visit_Attribute(self, node: cst.Attribute, ctx: RuleContext) -> None:
        value = _instance_of_type(node.value) or node.value  # `type(self).scale`: the class's, read through `self`
        root = chain_root(value)
        if root is None or isinstance(ctx.parent, cst.Attribute) and ctx.parent.value is node:
            return  # not a chain of names, or a link of a longer chain (judged at its end)
        parent = ctx.parent
        if isinstance(parent, (cst.AssignTarget, cst.AugAssign)) and parent.target is node:
            return  # a write: ACC4's
        if not ctx.analysis.may_write_attribute(node.attr.value):
            return  # no code of the module writes it: every answer below would be None
        if printed_only(ctx):
            return  # only printed: the print runs only while tracing (ACC401), no result keeps the value
        fn = ctx.function
        attr = node.attr.value
        framework = ctx.analysis.markers.framework(frozenset(fn.markers))
        if framework.cache_key.guards_attributes:
            # torch.compile guards what the body reads (a change recompiles): only an identity
            # test of attributes is left unguarded (framework data `[cache] identity_tests`)
            if not (framework.unguarded_identity and _in_identity_test(node, ctx)):
                return
            if not any(p.name == root.value for p in fn.params):
                return
            bindings = ctx.analysis.bindings  # built on first use: only a read that may be stale asks
            objects = bindings.static_objects(fn, root.value)
            if not any(_holds_plain_objects(bindings, name, _compared(ctx)) for name in objects):
                return  # a tensor's or a list's identity is guarded
            change = bindings.attribute_written(attr, fn, set(), objects, static_param=root.value)
            self._report(node, ctx, change, "an argument's identity test")
            return
        if fn.cls is not None and root.value == fn.self_name:
            # `self.lr`, or a chain from it (`self.source.data_tensor`): read through the object
            # the trace is keyed on, so stale when written after a build
            if value is root and (attr in fn.cls.methods or attr in _recorded_mode_flags(fn, ctx)):
                return
            builders = ctx.analysis.bound_methods.get(fn)
            objects = None
            whose = "a bound method's object"
            if builders is None and not _captures_self(fn, ctx):
                # a method the trace runs on an object from outside it (`STATE.value()`, or
                # `self._env.reset(key)` in a jitted closure): the object's attributes are read
                # once; one the method also writes (`self.key, k = split(self.key)`) is ACC4's
                objects = _held_by_traces(fn.cls, ctx)
                if not objects or _writes_own(fn, root.value, attr, ctx):
                    return
                whose = "an object whose method the trace runs"
            bindings = ctx.analysis.bindings  # built on first use: only a read that may be stale asks
            change = bindings.attribute_written(
                attr, fn, builders or set(), objects, links=chain_links(value),
                items=_read_keys(node, ctx),
            )
        elif fn.cls is None and (holder := fn.own_class(root.value)) is not None:
            # a closure made in a method reads the method's object through its cell (`self.lr`),
            # or an object that one holds (`self._env.init_pos`)
            held = holder if value is root else ctx.analysis.instance_class(value, fn)
            if held is None or value is root and attr in holder.methods:
                return
            objects = _held_by_traces(held, ctx)
            if not objects:
                return
            bindings = ctx.analysis.bindings
            change = bindings.attribute_written(attr, fn, set(), objects)
            whose = "an object the trace reads through its closure"
        else:
            if not _is_static(root.value, fn, ctx):
                return
            bindings = ctx.analysis.bindings
            objects = bindings.static_objects(fn, root.value)
            change = bindings.attribute_written(attr, fn, set(), objects, static_param=root.value)
            whose = "a static argument"
        self._report(node, ctx, change, whose)

    @staticmethod
    def _report(node: cst.Attribute, ctx: RuleContext, change, whose: str) -> None:
        if change is not None:
            ctx.report(
                node,
                f"'{ctx.code_for(node)}' of {whose} is read in a cached trace but written {ctx.analysis.bindings.where(change)}: "
                f"{STALE}; copy it into an argument",
            )


def _read_keys(node: cst.Attribute, ctx: RuleContext) -> tuple[object, ...] | None:
    """The subscripts read after the attribute `node` (`("B", 2)` of `self.params["B"][2]`, `()`
    for the attribute read whole), or None for a slice or several indices: item writes through
    the attribute that reach them are writes of what the trace read."""
    outer: cst.BaseExpression = node
    for parent in reversed([*ctx.ancestors]):
        if not (isinstance(parent, cst.Subscript) and parent.value is outer):
            break
        outer = parent
    return subscript_keys(outer)


def _recorded_mode_flags(fn, ctx: RuleContext) -> set[str]:
    """The mode flags (`[[recorded_mode]] attribute`: `training`) that a tracer marking `fn`
    copies onto the trace it makes of `fn`'s module. The trace keeps its own flag beside the
    branches it recorded, so setting the source module's flag after tracing (`m.training =
    False`, `m.eval()`) switches the eager module and leaves the trace as it says it is (run on
    torch 2.13: `traced.training` stays True and the trace runs the training branch, as before;
    docs/contexts.md), which ACC609 calls fine; switching the trace itself is ACC609's finding.
    Read through `self` they are no hidden input of the trace."""
    return {mode.attribute for mode in ctx.analysis.markers.recorded_modes if mode.makers & set(fn.markers)}


def _instance_of_type(expr: cst.BaseExpression) -> cst.Name | None:
    """`x` of `type(x)`, whose attributes are the class attributes `x` reads, or None."""
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "type" and len(expr.args) == 1:
        arg = expr.args[0].value
        return arg if isinstance(arg, cst.Name) else None
    return None


def _held_by_traces(cls, ctx: RuleContext) -> set[str]:
    """The module-level instances of `cls`, a class of the module's top level, that a trace
    reaches from outside it (ModuleBindings.held_by_traces)."""
    if ctx.analysis.index.classes.get(cls.name) is not cls:
        return set()
    return ctx.analysis.bindings.held_by_traces(cls.name)


def _writes_own(fn, me: str, attr: str, ctx: RuleContext) -> bool:
    """Whether `fn` writes `me.attr` itself (in the trace: ACC4's finding, not a hidden input)."""
    return any(
        isinstance(t, cst.Attribute) and t.attr.value == attr and isinstance(t.value, cst.Name) and t.value.value == me
        for target, _, _ in ctx.analysis.body(fn).flows for t in _targets(target)
    )


def _targets(target: cst.BaseExpression):
    """The single targets an assignment target holds (`a, b` -> a, b)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _targets(element.value)
    else:
        yield target


def _decorating_markers(fn, ctx: RuleContext):
    """The cached markers (with their options) that decorate `fn`."""
    if not isinstance(fn.node, cst.FunctionDef):
        return []
    found = [ctx.analysis.decorator_marker(d.decorator) for d in fn.node.decorators]
    return [f for f in found if f is not None and f[0].kind == CACHED]


def _captures_self(fn, ctx: RuleContext) -> bool:
    """Whether a marker decorating the method `fn` reads its object's attributes once per trace
    (framework data `[cache] method_self`: tf.function)."""
    markers = ctx.analysis.markers
    return any(markers.framework(frozenset({marker.name})).captures_self for marker, _ in _decorating_markers(fn, ctx))


def _in_identity_test(node: cst.Attribute, ctx: RuleContext) -> bool:
    """Whether `node` is an operand of an `is` / `is not` comparison."""
    parent = ctx.parent
    if isinstance(parent, cst.ComparisonTarget):
        return parent.comparator is node and isinstance(parent.operator, (cst.Is, cst.IsNot))
    return isinstance(parent, cst.Comparison) and parent.left is node and isinstance(
        parent.comparisons[0].operator, (cst.Is, cst.IsNot)
    )


def _compared(ctx: RuleContext) -> set[str]:
    """The attribute names an identity test compares (`current`, `left` of `h.current is h.left`)."""
    comparison = ctx.parent if isinstance(ctx.parent, cst.Comparison) else ctx.ancestors[-2]
    operands = [comparison.left, *(c.comparator for c in comparison.comparisons)]
    return {o.attr.value for o in operands if isinstance(o, cst.Attribute)}


def _holds_plain_objects(bindings, name: str, attributes: set[str]) -> bool:
    """Whether construction sets one of `attributes` of module-level object `name` to a plain
    object, whose identity torch.compile does not guard: `object()`, an instance of a plain
    class of the module, or another such attribute (`self.current = self.left`)."""
    cls = bindings.instance_class(name)
    init = cls.methods.get("__init__") if cls is not None else None
    me = init.self_name if init is not None else None
    if me is None:
        return False
    values = {
        t.attr.value: v for t, v, how in bindings.body(init).flows
        if how == "=" and isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me
    }

    def plain(value, seen=frozenset()) -> bool:
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
            made = bindings.index.classes.get(value.func.value)
            return value.func.value == "object" or made is not None and not made.node.decorators and not made.bases
        if isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name) and value.value.value == me:
            key = value.attr.value
            return key not in seen and key in values and plain(values[key], seen | {key})
        return False

    return any(a in values and plain(values[a]) for a in attributes)


def _is_static(name: str, fn, ctx: RuleContext) -> bool:
    """Whether the trace is keyed on the object passed as `fn`'s parameter `name` by hash or
    identity, so that its attributes are hidden inputs: a marker declares it static (decorating
    `fn`, or applied to it: `jax.jit(f, static_argnums=1)`), or the framework keys every Python
    object that way (framework data `[cache] objects`: tf.function)."""
    if not any(p.name == name for p in fn.params):
        return False
    trace = fn.traces.get(CACHED)
    if trace is not None and fn.markers and trace.params.get(name, Kind.STATIC) == Kind.STATIC:
        return True  # what a marker declares static is no traced parameter of its trace
    if fn.markers and ctx.analysis.markers.framework(frozenset(fn.markers)).objects_by_identity:
        return True
    positional = [p.name for p in fn.params if p.positional]  # the marker sees `self` too
    for _, opts in _decorating_markers(fn, ctx):
        static = set(opts.static_argnames) | {positional[i] for i in opts.static_argnums if -len(positional) <= i < len(positional)}
        if name in static:
            return True
    return False
