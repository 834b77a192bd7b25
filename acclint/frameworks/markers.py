"""The tracing frameworks acclint knows, loaded from their data files, plus the user's markers.

Each framework is one TOML file beside this module (`jax.toml`, `runtime.toml`; docs/frameworks.md):
the calls that make a function a traced context and of which kind (docs/contexts.md), the keywords
that declare arguments static, the rule families that apply in each kind of context, how fixes
spell what they write, and the framework's facts about values (read by acclint.analysis.facts,
with `python.toml`'s). Keeping all of it in data lets a user's
`accelerators = ["mylib.fast_jit"]` extend it without code, and keeps the engine free of
framework names.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from dataclasses import dataclass, field
from functools import cache, cached_property

from acclint.frameworks.libraries import absent_names, library_files

CACHED = "cached"
DIFFERENTIATED = "differentiated"
VMAPPED = "vmapped"
KERNEL = "kernel"  # a Pallas kernel: compiled once, but only host draws and effects apply
KINDS = (CACHED, DIFFERENTIATED, VMAPPED, KERNEL)
# Not a kind of traced function: the host code that calls compiled functions (loops that
# rebuild traces, ACC5). The engine hands rules of this context the whole module's analysis
# (`Rule.check_module`) instead of the nodes of traced bodies.
HOST_LOOPS = "host-loop"


@dataclass(frozen=True)
class BuiltState:
    """A framework object that traces a function of itself on a method call and keeps it
    (`[[built_state]]`): Keras builds its train function at the first `fit`/`train_on_batch`
    after `compile()`, reading attributes such as `trainable` then; a later write of them is
    ignored until a reset method (`compile`) is called (ACC607)."""

    classes: frozenset[str]  # the classes (as `[[instances]]` names them) the object is of
    builds: frozenset[str]  # methods that build the trace, or reuse the one built
    resets: frozenset[str]  # methods after which the next build call traces anew
    attributes: frozenset[str]  # attributes the trace reads when it is built
    # build methods that run one step (`train_on_batch`): built after each reset, a trace per step
    # (ACC501); `fit` runs many, which amortise the trace
    steps: frozenset[str] = frozenset()
    # The callbacks a build call is handed (`[built_state.callbacks]`: rules/fit_callbacks.py):
    # the keyword, the classes and makers of callbacks, the attribute of a callback holding the
    # model, the hooks that run after a step every time and those whose first call runs before
    # the first step; None: none
    callbacks: Callbacks | None = None


@dataclass(frozen=True)
class Callbacks:
    """How a build call is handed callbacks whose hooks run on the host between its steps."""

    keyword: str
    bases: frozenset[str]
    makers: frozenset[str]
    model: str
    after_step: frozenset[str]
    around_step: frozenset[str]


@dataclass(frozen=True)
class RecordedMode:
    """A tracer that records the branches of a module's mode flag taken while it traces
    (`[[recorded_mode]]`): torch.jit.trace runs `nn.Dropout` of a module traced in training mode
    on every call of the trace, whatever `.eval()` sets later (ACC609)."""

    makers: frozenset[str]  # the calls that trace the module they are handed first
    keywords: frozenset[str]  # ... or by one of these names (`func=`)
    attribute: str  # the flag (`training`), written directly or by a switch method
    switches: tuple[tuple[str, bool], ...]  # (method, the mode it sets called with no argument): `("eval", False)`
    classes: frozenset[str]  # classes (as acclint.analysis.objects names them) made in `initial` mode
    namespaces: tuple[str, ...]  # where a capitalised name makes such a module (`torch.nn.Dropout`)
    initial: bool  # the mode a module is made in
    # Namespaces whose modules the tracer records as one call that reads the flag each time (FX's
    # leaf modules, `torch.nn.Dropout`): such a trace keeps a mode only where code of this module
    # read the flag while tracing. Empty: every module's branches are recorded (torch.jit.trace).
    leaves: tuple[str, ...] = ()


@dataclass(frozen=True)
class TracedClass:
    """Subclasses (at any depth) of `bases` have traced methods: those named in `methods` and
    those decorated with one of `decorators`."""

    bases: frozenset[str]
    methods: frozenset[str]
    decorators: frozenset[str] = frozenset()
    # Which parameters of a traced method no call the analysis sees reaches are trees of
    # tracers: "all" of them (a transform's function), or the "first" input alone (a module's
    # `__call__`, whose other parameters are whatever its caller passes: modes, flags, configs).
    inputs: str = "all"
    # What writing an attribute of the instance in a traced method does: "trace" (a write to
    # an object outside the trace, ACC409), "free" (the framework raises at once, or the
    # instance lives inside the trace), or "variables" (the framework carries the values it
    # wraps in one of its variable types, whose qualified names start with `variables`).
    attribute_writes: str = "trace"
    variables: tuple[str, ...] = ()
    # With "variables": calls making arrays (qualified names starting with one of these); an
    # attribute `__init__` sets to one is an array leaf of the module, state its framework
    # carries like a variable's value.
    arrays: tuple[str, ...] = ()
    # The method of an instance that runs `__call__` on arguments after the variables
    # (linen's `model.apply(variables, x, train)`), and its keywords that `__call__` never sees.
    applied_by: str = ""
    apply_keywords: frozenset[str] = frozenset()
    # The method a call of an instance runs (`self.block(x)`): `__call__`, or the method the
    # framework's own `__call__` hands the arguments to (Keras' `call`).
    runs: str = "__call__"
    # Whether an instance run outside any transform (called, or by `applied_by`, `init`) runs
    # these methods eagerly, untraced (flax, haiku, equinox modules, Keras layers), so that a
    # script that only ever runs its instances so traces nothing (acclint.analysis.eager_modules);
    # false for the runtime's `Acceleratable` layers, whose methods are cached whenever called.
    eager_runs: bool = False
    # Functions that return a callable running the instance handed to them first, eagerly
    # (`nnx.capture(model, nnx.Intermediate)(x)` runs `model(x)` there and then).
    run_by: frozenset[str] = frozenset()
    # Calls that make a symbolic input (`keras.Input`): an instance run on one, or on what is
    # computed from one, joins a functional model (traced by its `fit`/`predict`), not an eager run.
    symbolic_inputs: frozenset[str] = frozenset()
    # Namespaces every class of which (but `not_bases`) is a base too: Keras exports its built-in
    # layers from `keras.layers`, each a `Layer` subclass whose subclasses' `call` it traces
    # (`class MyDense(layers.Dense)`; run: framework_runs.py keras_builtin_layer_subclass).
    namespaces: frozenset[str] = frozenset()
    not_bases: frozenset[str] = frozenset()
    # The keyword of an instance's `compile(...)` that, given True, makes the methods in
    # `eager_steps` run the traced methods eagerly (Keras: `compile(run_eagerly=True)`, then
    # `fit`, `evaluate`, `predict` run `train_step`, `call` as Python; `[traced_class] eagerly`).
    eager_keyword: str = ""
    eager_steps: frozenset[str] = frozenset()
    # Namespaces whose capitalised callables make mutable module objects (`[traced_class]
    # mutable_makers`: `nnx.Linear(2, 3, rngs=...)`): a module-level one is an object whose
    # attributes code may write, as an instance of a plain class of the module is (ACC6).
    mutable_makers: tuple[str, ...] = ()

    def based_on(self, qualified: str | None) -> bool:
        """Whether the class named `qualified` is one whose subclasses have traced methods."""
        if qualified is None:
            return False
        if qualified in self.bases:
            return True
        namespace = qualified.rpartition(".")[0]
        return namespace in self.namespaces and qualified not in self.not_bases


@dataclass(frozen=True)
class Marker:
    """A call that makes the function(s) it is given a traced context."""

    name: str
    kind: str
    fun: tuple[int, ...] = (0,)
    keywords: tuple[str, ...] = ()
    traced: str = "all"  # "all" or "argnums"
    # Whether a Python number or bool passed to a traced parameter becomes a tracer (jax.jit),
    # rather than a static value the trace is keyed on (equinox.filter_jit).
    scalars_traced: bool = False
    # Whether such a value is known to be a Python value the trace is keyed on (torch.compile,
    # tf.function, equinox.filter_jit: `scalars = "keyed"`); neither: not known.
    scalars_keyed: bool = False
    # Of a vmapped marker: whether it batches what the function computes (jax.vmap), so that a
    # `lax.cond` on a batched condition becomes a select, or runs it once per shard or device
    # as it is written (shard_map: `batches = false`), where a cond stays a cond.
    batches: bool = True
    # Whether a function that hands its callable parameter to this marker is itself a wrapper
    # (acclint.analysis.wrappers). False for a transform that traces nothing by itself: haiku's
    # `transform` makes `init`/`apply`, which run eagerly unless something jits them, so a helper
    # that transforms a function and calls `.init` at once (`wraps = false`) puts it in no context.
    wraps: bool = True
    # Methods of what the marker returns that run the function it was given eagerly (haiku's
    # `transform(f)`: `init` and `apply`): a module that only runs the result by them at its
    # top level traces nothing (acclint.analysis.eager_modules).
    eager_by: frozenset[str] = frozenset()
    # Whether the marker is a method that traces the object it is called on (`model.compile()`:
    # `torch.nn.Module.compile` compiles the module in place), instead of functions it is given.
    receiver: bool = False
    # Whether each parameter it traces is given one array, never a pytree of them (`inputs =
    # "arrays"`: Keras hands a loss or metric one output's `y_true` and `y_pred` tensors).
    arrays: bool = False
    # Whether every parameter it traces is one traced value whatever its default or annotation
    # (`inputs = "proxies"`: torch.fx makes each parameter a Proxy, `flag=None` and `n: int = 3`
    # included, unless `concrete_args` binds it).
    proxies: bool = False
    # The methods the framework calls on an OBJECT it is handed, which run in the trace it
    # builds (`objects = [...]`: Keras' `compile(loss=Hinge(), metrics=[F1()])` runs a `Loss`'s
    # `call` and a `Metric`'s `update_state` and `result` in `fit`'s traced step).
    objects: tuple[str, ...] = ()
    # A keyword that, given a literal True, makes the call trace none of what it is handed
    # (`eager_keyword = "run_eagerly"`: Keras' `compile(..., run_eagerly=True)` runs the loss
    # and metrics as Python on every step).
    eager_keyword: str = ""


@dataclass(frozen=True)
class Spelling:
    """How a fix writes a framework's function: `module.name` under the module's alias for
    `module` (or `alias`), or `name` imported from `module` (`from_import`)."""

    module: str
    name: str
    alias: str = ""
    from_import: bool = False
    # How a `print` spelling takes print's arguments: "format" (one format string with `{}`
    # fields, jax.debug.print) or "arguments" (the same arguments, tf.print); `stdout` names
    # its keyword that sends the text to `sys.stdout`, as print does.
    form: str = "format"
    stdout: str = ""


@dataclass(frozen=True)
class CacheKey:
    """What a framework's compiled callable looks its traces up by (a file's `[cache_key]`;
    docs/frameworks.md): the parts of a call that, new on every pass of a loop, make it trace
    again on every pass (ACC5, acclint.analysis.loops)."""

    # Where the cache lives: "function" (on the wrapped function: a new lambda, local def,
    # partial or bound method misses), "wrapper" (in the object the wrapper returns: any new
    # application misses) or "code" (on the code object: nothing made anew misses).
    identity: str = "function"
    # Python values passed to parameters not declared static: "traced" (not in the key), "value"
    # (by value and hash), "dynamic" (the second value compiles a graph general in it).
    python_values: str = "traced"
    # Traced arguments' shapes: "keyed" (each new shape traces again) or "dynamic" (as above).
    shapes: str = "keyed"
    # Keywords of the wrapper that relax shapes when given anything but False/None.
    shapes_relaxed_by: frozenset[str] = frozenset()
    # Keywords of the wrapper that, given anything but False/None, make every argument an array
    # of the declared spec: Python values are then not in the key (tf.function's
    # `input_signature`; `reduce_retracing` relaxes shapes only: benchmarks/framework_runs.py
    # tf_input_signature_values).
    values_relaxed_by: frozenset[str] = frozenset()
    # Keywords of the wrapper that, given False, key values and shapes as given ("dynamic").
    keyed_when_false: frozenset[str] = frozenset()
    # Markers of this framework whose Python values are keyed by value although the framework's
    # default says otherwise (equinox.filter_jit holds every non-array argument static).
    values_keyed_by: frozenset[str] = frozenset()
    # Markers that split each argument into its arrays and a static rest (flax.nnx.jit keys on a
    # graph node's definition, non-array attributes included): an argument built around a new
    # identity-hashed object (`nnx.Optimizer(model, optax.adam(lr))`) is a new key.
    graph_static_by: frozenset[str] = frozenset()
    # Calls (prefixes) whose results the framework takes as arrays, by shape and dtype, even
    # where it keys other Python values by value (tf.function converts a NumPy scalar to a tensor).
    arrays: tuple[str, ...] = ()
    # Whether the int and float attributes a compiled module reads are guarded by value.
    guards_attributes: bool = False
    # Whether an argument's container structure (a dict's keys, a list's or tuple's length) is
    # guarded by value even where numbers and shapes go dynamic (acclint.analysis.guarded_structure).
    structures_keyed: bool = False
    # How many compiles of one function before the framework gives up and runs it eagerly.
    recompile_limit: int = 0
    # Calls whose int arguments the compiler specialises to unroll a Python loop (torch.compile
    # unrolls `range(n)` and guards on `n` by value, automatic dynamic or not): a parameter of
    # a compiled function passed to one is keyed by value.
    specialized_by: tuple[str, ...] = ()
    # Calls whose argument, a dimension of a tensor parameter (`range(x.shape[1])`, `range(len(x))`),
    # the compiler specialises to unroll a Python loop, as it does a `for` over the parameter
    # (dimension 0), even where other dimensions go dynamic: that dimension is keyed.
    dimensions_specialized_by: tuple[str, ...] = ()
    # Decorators making functions that take no symbolic float (torch.library.custom_op): a
    # parameter of a compiled function passed to a float parameter of one is keyed by value.
    floats_specialized_by: tuple[str, ...] = ()
    # Markers that, called from host code (outside any trace), trace the functions they are given
    # (their `fun` positions and keywords) and compile them, caching on the function object
    # (JAX's control-flow primitives): given a new callable on every pass, they compile on every
    # pass. Of those, `compiles_every_call` wrap it in a closure of their own on each call
    # (`lax.map`), so every call compiles whatever they are given.
    compiles_functions: frozenset[str] = frozenset()
    compiles_every_call: frozenset[str] = frozenset()
    # Calls (prefixes) whose operations, run outside any trace, are each compiled and cached by
    # their operands' shapes (JAX's `jax.numpy.`): one whose result's size its operand's values
    # decide compiles again for each new count (acclint.analysis.loop_eager).
    eager_ops: tuple[str, ...] = ()


@dataclass(frozen=True, eq=False)  # hashed by identity: the engine's dispatch caches key on it
class Framework:
    """What one data file says of a tracing framework besides its markers."""

    name: str
    title: str  # how messages name it ("JAX", "the runtime")
    precedence: int
    families: dict[str, frozenset[str]]  # context kind -> rule families (code prefixes) that apply
    spellings: dict[str, Spelling]
    pure_prefixes: tuple[str, ...]
    hints: dict[str, str]  # what a message tells the user to do instead, by hazard
    # What a finding means under this framework where it is not what the rule's own message says
    # (an error or a graph break instead of a baked value): code prefix -> the message's tail.
    messages: dict[str, str] = field(default_factory=dict)
    # Methods that copy a traced value to the host here (ACC303): `.numpy()` raises under
    # tf.function, while torch.compile traces it.
    host_methods: frozenset[str] = frozenset({"item", "tolist"})
    # Where a kind of context has its own (`[conversions.kinds]`): under torch.func.grad only
    # `.numpy()` raises (the tensor grad tracks has no storage), where vmap raises on `.item()` too.
    host_methods_in: dict[str, frozenset[str]] = field(default_factory=dict)
    # Calls (prefixes) that are operations of this framework's own graph, not host effects
    # (ACC408): `tf.summary.scalar` under tf.function writes on every call.
    graph_calls: tuple[str, ...] = ()
    # Which attribute writes of an object from outside the trace are reported (ACC409, `[effects]
    # attribute_writes`): "all", or only "updates" of the attribute from its own value (`self.n
    # += 1`), where plain sets are the framework's own set-up idiom (Keras: `self.built = True`,
    # memory set in `call`) and run the same on every trace.
    attribute_writes: str = "all"
    # Keywords of any call in a module under which the print fix is not offered when given a
    # value other than False/None (`jit_compile=True`: XLA has no kernel for tf.print).
    print_blocked_by: frozenset[str] = frozenset()
    cache_key: CacheKey = CacheKey()
    # Where a compiled callable's trace cache lives (its `[cache]` table, acclint.analysis.trace_time):
    # "function" when it is keyed on the wrapped function object, so wrapping the same function
    # again finds the old traces (jax.jit); "wrapper" when every application of the marker
    # starts an empty one (tf.function, dlaccelerate). `cache_clears`: calls that empty every
    # cache (`jax.clear_caches`).
    cache_keyed_on: str = "wrapper"
    cache_clears: frozenset[str] = frozenset()
    # Whether applying the marker builds the trace at once (`[cache] built = "applied"`:
    # `torch.jit.trace(f, example)` runs `f` on the example), not on the first call.
    built_when_applied: bool = False
    # Whether a decorated method's trace reads its object's attributes once (`[cache]
    # method_self = "captured"`, tf.function) rather than tracing `self` as an argument.
    captures_self: bool = False
    # Whether a traced slice bound raises (`[tracers] slice_bounds = "static"`: jax), ACC305.
    static_slice_bounds: bool = False
    # Attributes none of this framework's tracers has (`[tracers] lack`): `hasattr(x, "numpy")`
    # holds only of an eager value here, where a torch tensor in a compiled trace has one.
    tracers_lack: frozenset[str] = frozenset()
    # Attributes every tracer of this framework has (`[tracers] have`): what fails
    # `hasattr(x, "shape")` is no tracer (optax's `a.shape if hasattr(a, "shape") else np.asarray(a).shape`).
    tracers_have: frozenset[str] = frozenset()
    # Calls that answer one constant in every trace here (`[tracers] answers`), by qualified
    # name: `torch.compiler.is_compiling()` is True under torch.compile, `tf.executing_eagerly()`
    # False under tf.function; the branch the answer rules out is never traced.
    trace_answers: dict[str, bool] = field(default_factory=dict)
    # Whether any Python object passed as an argument is part of the key by identity (`[cache]
    # objects = "identity"`, tf.function: a plain object's attributes are read once per trace, as
    # a static argument's are under jax.jit), so its attributes are hidden inputs (ACC604).
    objects_by_identity: bool = False
    # Whether the guards on what the body read leave out an identity test of attributes (`[cache]
    # identity_tests = "unguarded"`, torch.compile: `h.current is h.left` keeps its first answer
    # after `h.current` is rebound, where an attribute's value is guarded and recompiles).
    unguarded_identity: bool = False
    # Which module-level values a trace can read (`[cache] globals`): "all" of them, or only
    # "modules"' attributes (torch.jit.script: `consts.K` of an imported module is compiled in as
    # a constant; a global name, an object's attribute, a dict raise when the function is scripted).
    globals_read: str = "all"
    # Builtins whose Python int of a traced input is recorded as a constant here (ACC302):
    # `len(x)` under torch.jit.trace bakes the example's batch size.
    size_calls: frozenset[str] = frozenset()
    # Functions (and the methods of their last name) that cut a traced input into a Python list
    # along its first dimension by default, whose length is recorded as the example's (ACC302):
    # `torch.split(x, s)`, `x.unbind()` under torch.jit.trace; each with the position of its
    # `dim` argument in the function's form.
    cut_calls: dict[str, int] = field(default_factory=dict)
    # Size reads of a traced input (`x.shape`, `x.size(0)`) that are recorded as tensors here,
    # so a Python branch on one keeps the example's answer (ACC201, ACC203): under
    # torch.jit.trace `if x.shape[0] > n:` is baked (TracerWarning), where elsewhere a shape is static.
    size_reads: frozenset[str] = frozenset()
    # What else makes a Python number of such a size (ACC302, `[conversions]`): `min`/`max` of
    # one (`size_choices`: Python compares, asking a bool), a legacy typed constructor given one
    # (`legacy_constructors`: `torch.FloatTensor(x.size())`; `legacy_methods` of a traced
    # tensor: `x.new(n, 3)`), and an op argument taken only as a Python int (`int_arguments`:
    # function -> {argument: its position}; a top-level function's method form too: `x.chunk(n)`).
    size_choices: frozenset[str] = frozenset()
    legacy_constructors: frozenset[str] = frozenset()
    legacy_methods: frozenset[str] = frozenset()
    int_arguments: dict[str, dict[str, int]] = field(default_factory=dict)
    # Calls whose shape argument (a position and a keyword) must hold Python ints, where a
    # static read of an input's first axis can be None (`[conversions.batch_shapes]`: Keras
    # retraces `call` with the batch unknown; ACC302, rules/batch_reads.py).
    batch_shapes: dict[str, tuple[int, str]] = field(default_factory=dict)
    # The environment variable a module sets to choose the backend, and the backends whose
    # traces relax the batch (`[conversions] batch_backend_variable`, `batch_backends`).
    batch_backend_variable: str = ""
    batch_backends: frozenset[str] = frozenset()
    # What a program does with a trace that only keeps it at its example's shapes (`[conversions]
    # exports`: `torch.onnx.export`, `torch.jit.save`, the trace's own `.save`), and the calls
    # that make an example input of a shape spelled in their arguments (`example_makers`:
    # `torch.rand(1, 8, 20, 20)`): a size read baked by a trace used only so is no hazard (ACC302).
    exports: frozenset[str] = frozenset()
    export_methods: frozenset[str] = frozenset()
    example_makers: frozenset[str] = frozenset()
    # Methods only a variable has, which a tensor lacks (`[branches] variable_methods`): where a
    # converted branch returns what it assigns as tensors, calling one on a name it rebound raises (ACC209).
    variable_methods: frozenset[str] = frozenset()
    # Whether a `numpy.random` function drawing an array is traced into the graph here, and so
    # drawn anew on every call (`[draws] numpy_arrays = "traced"`): under
    # torch.compile(fullgraph=True) `np.random.rand(3)` is, while `np.random.rand()`,
    # `random.random()` and a generator's `rng.normal(size=3)` raise (ACC101).
    numpy_arrays_traced: bool = False
    # The host draws the trace bakes, where only some are (`[draws] baked`: torch.compile bakes
    # a `random.Random` object's `random()`/`randint()`/`randrange()`/`uniform()` and draws the
    # others anew on every call); None: every host draw is baked (ACC101).
    baked_draws: frozenset[str] | None = None
    # The framework's stateful random ops (`[draws] seeded`), whose stream a fixed seed (an op
    # `seed=`, or the global seed a `[draws] seed_setters` call sets) starts again wherever a
    # trace of theirs starts to run; the markers whose traces start again on every pass over
    # their data (`[draws] restarted_by`: tf.data runs a map function anew for each iterator,
    # ACC104); a setter called after a trace's first call is a write to an input of every one
    # of its unseeded ops (ACC610).
    # What a compiled method's in-place change of its object's container attribute changes
    # (`[effects] attribute_containers`): "shared", the one object every holder sees (a change
    # made while tracing only); "copied", the compiled module's own copy of each attribute, kept
    # there but lost to another holder of the object (torch.jit.script, ACC406).
    container_attributes: str = "shared"
    seeded_draws: frozenset[str] = frozenset()
    restarted_by: frozenset[str] = frozenset()
    # Random ops a mapped function may not run under the transform's default randomness, the
    # module classes that run one in training mode, the keyword that allows them, and the calls
    # that run a module they are handed (`[draws] vmap_random`, ...: torch.func.vmap; ACC106).
    vmap_random: frozenset[str] = frozenset()
    vmap_random_modules: frozenset[str] = frozenset()
    randomness_keyword: str = ""
    module_runners: frozenset[str] = frozenset()
    # Random ops of a library that draw, when given no seed, from a generator whose state lives
    # on the host, and the layers that make one (`[draws] host_generator`: Keras 3's
    # `keras.random.*` and `Dropout` under jax.jit): in this framework's cached trace the state
    # is read once while tracing, so the draw is frozen or raises (ACC101).
    host_generator_draws: tuple[str, ...] = ()
    host_generator_not_draws: frozenset[str] = frozenset()
    host_generator_layers: frozenset[str] = frozenset()
    # Framework random ops the trace runs there and then when no argument of the call is traced,
    # keeping the tensor as a constant (`[draws] untraced`: torch.fx's `torch.randn(5)`), ACC101.
    untraced_draws: frozenset[str] = frozenset()
    seed_setters: frozenset[str] = frozenset()
    # Whether what the framework cannot trace is a graph break that splits the graph around it
    # (`[breaks] after_last_operation = "none"`, torch.compile): a call no tensor operation
    # follows, in the compiled function itself, has no graph after it to split off.
    breaks_split_graph: bool = False
    # The codes whose findings here are graph breaks (`[breaks] codes`, torch.compile without
    # fullgraph): the results are right and only speed is lost, so they are reported only under
    # `--strictness pedantic`, the mode that asks for more than the silent hazards.
    break_codes: tuple[str, ...] = ()
    # Whether `[conversions] methods` raise on a traced value here (`outcome = "error"`:
    # `.numpy()` of a symbolic tensor under tf.function) rather than bake it: a print handed one
    # never prints, and the raise is the finding (ACC303), not the print.
    conversions_raise: bool = False
    # Whether they record the traced value as a constant instead (`outcome = "constant"`:
    # torch.jit.trace's TracerWarning, dlaccelerate): a conversion whose value reaches nothing
    # but a print changes no result, and the print is the finding (rules/acc3_host_conversion.py).
    # Neither: the framework's outcome is not one for every conversion (torch.compile's
    # fullgraph raises on `.tolist()`, not on `.item()`).
    conversions_recorded: bool = False
    # Whether a comprehension's `if` on a traced value raises where `if` statements are
    # converted (`[conversions] comprehension_tests = "error"`: tf.function's AutoGraph converts no
    # comprehension): ACC206 reports it, as ACC202 does where no test is converted.
    comprehension_tests_raise: bool = False
    # How the framework promotes dtypes (`[fixes] promotion`): "lattice" where the result of
    # any expression is the promotion of its operands as a set (JAX), "dimensions" where it
    # depends on the operands' number of dimensions and the order of the operations (torch:
    # a 0-d float64 tensor plus an int32 vector is float64, plus a float16 vector float64;
    # the int32 and float16 vectors first give float16), so a select is proven one dtype
    # only for branches computed from one tensor (acclint/fix/proof.py).
    promotion: str = "lattice"
    # Module-level tensors the framework records as constants, which cannot require grad
    # (`[grad_constants]`, torch.jit.trace: ACC608): calls that make one requiring grad
    # (`torch.nn.Parameter`), the keyword that asks for it (`requires_grad=True`) and the methods
    # that switch it on (`t.requires_grad_()`); empty where globals are no constants.
    grad_makers: frozenset[str] = frozenset()
    grad_keyword: str = ""
    grad_methods: frozenset[str] = frozenset()
    # Constructors from data that read the values of the traced elements of a Python container
    # they are given (`[conversions] element_copies`, ACC306: `torch.tensor([x.sum()])` under
    # torch.jit.trace records the example's values).
    element_copies: frozenset[str] = frozenset()
    # Classes whose `iter(obj)` is the framework's own iterator, advanced by an operation of the
    # trace on every call (`[iterators] graph`, tf.function: `it = iter(dataset)` closed over and
    # `next(it)` in the trace gives the next element each call), not a Python iterator (ACC603).
    graph_iterables: frozenset[str] = frozenset()
    # Methods whose result is iterated the same way, whatever object they are called on (`[iterators]
    # methods`: a tf.distribute strategy's `experimental_distribute_dataset(ds)`, reached through
    # an attribute or a parameter whose class the analysis cannot see).
    graph_iterable_methods: frozenset[str] = frozenset()
    # Calls that make a framework variable, which a trace may make on its first call only
    # (`[state] makers`, tf.function: `tf.Variable(...)` on every call raises ValueError, ACC410).
    state_makers: frozenset[str] = frozenset()
    # Calls making an object whose variables its first call builds (`[state] built_on_call`,
    # Keras: `layers.Dense(2)`): ACC410 only where the trace calls what they made.
    built_on_call: frozenset[str] = frozenset()
    # Where a program registers methods the compiled code drops (`[dropped] registries`,
    # torch.compile: `torch._dynamo.config.ignore_logger_methods`, assigned or added to) and the
    # calls that register them for a block or a function (`[dropped] patches`:
    # `torch._dynamo.config.patch(ignore_logger_methods=...)`): such a method called in the
    # compiled function never runs (ACC411).
    dropped_registries: frozenset[str] = frozenset()
    dropped_patches: frozenset[str] = frozenset()
    # Methods that change an object the compiled code runs without failing a guard (`[unguarded]
    # methods`, torch.compile: a module's `register_forward_hook` and the other hook
    # registrations): called between two calls, the later call ignores the change (ACC611).
    unguarded_methods: frozenset[str] = frozenset()

    def says(self, code: str, default: str) -> str:
        """The tail of rule `code`'s message under this framework: its `[messages]` entry of the
        longest prefix of `code`, else the rule's own `default`."""
        found = [prefix for prefix in self.messages if code.startswith(prefix)]
        return self.messages[max(found, key=len)] if found else default

    def host_methods_for(self, kinds: set[str] | frozenset[str]) -> frozenset[str]:
        """The methods that copy a traced value to the host in a function in these kinds of context."""
        return frozenset().union(*(self.host_methods_in.get(kind, self.host_methods) for kind in kinds))

    def applies(self, code: str, kinds: set[str] | frozenset[str], pedantic: bool = False) -> bool:
        """Whether the rule `code` applies to a function in these kinds of context (a graph
        break's code only when `pedantic`)."""
        if not pedantic and code.startswith(self.break_codes):
            return False
        return any(code.startswith(tuple(self.families.get(kind, ()))) for kind in kinds)


@dataclass(frozen=True)
class CompiledMethod:
    """What a library object's compiled method keys its cache on, by value: its positional
    arguments from `keyed_from` on and its keywords but `unkeyed`; none of them where the
    object was made with the keyword `unless` given anything but a literal False."""

    keyed_from: int
    unkeyed: frozenset[str]
    unless: str


@dataclass(frozen=True, eq=False)  # hashed by identity: per-table caches key on it
class MarkerTable:
    markers: dict[str, Marker]
    opaque: frozenset[str]
    runs_functions: frozenset[str]
    transparent: frozenset[str]
    modelled: tuple[str, ...]  # namespaces whose calls are never followed into their sources
    traced_classes: tuple[TracedClass, ...]
    # Functions known to do host I/O (the user's `host-effects`): ACC4 in a cached trace.
    host_effects: frozenset[str] = frozenset()
    frameworks: tuple[Framework, ...] = ()  # the lowest precedence first: the default
    framework_of_marker: dict[str, str] = field(default_factory=dict)  # marker or base -> framework name
    static_positions: frozenset[str] = frozenset()  # keywords declaring static parameters by position
    static_names: frozenset[str] = frozenset()  # ... and by name
    # Calls that make objects whose methods may be markers (`[[instances]]`): the call's
    # qualified name -> (the class the markers name the methods of, whether its other methods
    # return the same kind of object: `ds.shuffle(10)` is a dataset). acclint.analysis.objects.
    instances: dict[str, tuple[str, bool]] = field(default_factory=dict)
    # Keywords of a marker call whose literal `True` selects a variant framework (`variant`).
    flag_keywords: frozenset[str] = frozenset()
    built_state: tuple[BuiltState, ...] = ()  # `[[built_state]]` of every framework
    recorded_modes: tuple[RecordedMode, ...] = ()  # `[[recorded_mode]]` of every framework
    # Methods a framework's base class defines to return the instance itself (`[returns_self]`:
    # `torch.nn.Module.eval`): a base's qualified name -> those methods. acclint.analysis.objects
    # follows `Net().eval()` to the instance of `Net`.
    returns_self: dict[str, frozenset[str]] = field(default_factory=dict)
    # Methods a framework's base class defines to iterate the instance's own objects
    # (`[yields_own]`: `torch.nn.Module.parameters`): writing what they yield writes the
    # instance's state (`next(self.parameters()).requires_grad = True`).
    yields_own: dict[str, frozenset[str]] = field(default_factory=dict)
    # Classes whose instances, called, call each module they were made with in turn
    # (`[containers]`: `torch.nn.Sequential(Block(), Block())`): acclint.analysis.objects
    # follows a marker handed one to its elements' methods.
    containers: frozenset[str] = frozenset()
    # Classes whose instances, iterated, yield the modules they were made with (`[containers]
    # iterated`: `torch.nn.ModuleList`): acclint.analysis.objects gives a loop's target over one
    # the class of those modules.
    iterated: frozenset[str] = frozenset()
    # A library's compiled entry points (`[compiled]` of a library table): a function the
    # library defines under a jit-family decorator (`diffrax.diffeqsolve`, `@eqx.filter_jit`),
    # its qualified name -> that decorator. Calling it is calling a compiled callable with that
    # wrapper's cache key (acclint.analysis.loops).
    compiled: dict[str, str] = field(default_factory=dict)
    # A library object's compiled methods (`[compiled_methods]` of a library table:
    # `numpyro.infer.MCMC.run`), the class's qualified name and the method's -> the cache key
    # the instance keeps for it (acclint.analysis.loops).
    compiled_methods: dict[str, CompiledMethod] = field(default_factory=dict)
    # Methods that run the function they are given first, there and then, on any receiver
    # (`[runs_functions] methods`: a tf.distribute strategy's `run`).
    runs_methods: frozenset[str] = frozenset()
    # Methods that make an object storing their keywords as its fields (`[stores_callables]
    # methods`: flax's `TrainState.create`, `replace`): acclint.analysis.stored.
    storing_methods: frozenset[str] = frozenset()
    # Wrappers whose function registers derivative rules with one of `rule_methods`
    # (`[derivative_rules]`: `f.defvjp(fwd, bwd)` on a `jax.custom_vjp` function): the rules run
    # in the traces the function runs in (acclint.analysis.contexts).
    rule_makers: frozenset[str] = frozenset()
    rule_methods: frozenset[str] = frozenset()
    rule_static_keyword: str = ""  # the maker's keyword naming arguments handed to the rules as they are
    # Library records of callables (`[callable_records]`: optax's `GradientTransformation(init,
    # update)`), the qualified class -> its fields in order: `tx.update(...)` runs what `tx` was
    # made with at the place of `update` (acclint.analysis.contexts).
    callable_records: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Context managers under which calls run a framework's functions eagerly (`[eager_blocks]`:
    # `with jax.disable_jit():`), each -> the markers that run their function in the call itself
    # there (lax's loops), and those whose wrapped callable runs eagerly when called there
    # (`jax.jit(f)(x)`). acclint.analysis.eager_blocks.
    eager_blocks: dict[str, tuple[frozenset[str], frozenset[str]]] = field(default_factory=dict)

    def get(self, qualified: str | None) -> Marker | None:
        return None if qualified is None else self.markers.get(qualified)

    def framework(self, markers: set[str] | frozenset[str]) -> Framework:
        """The framework that traces a function put in its contexts by `markers`: of those
        frameworks, the one of highest precedence (the default one for markers of none, such
        as the user's own accelerators)."""
        return self.frameworks_of(markers)[0]

    def frameworks_of(self, markers: set[str] | frozenset[str]) -> tuple[Framework, ...]:
        """Every framework that traces a function put in its contexts by `markers`, the one of
        highest precedence first (the default one alone for markers of none). A function both
        `torch.jit.trace`d and `torch.compile`d runs under both: each one's rules apply."""
        named = {self.framework_of_marker.get(m) for m in markers}
        found = [f for f in reversed(self.frameworks) if f.name in named]
        return tuple(found) if found else (self.frameworks[0],)

    def variant(self, marker: str, flags: tuple[str, ...]) -> str:
        """The name a marker applied with keywords given a literal `True` (`flags`) is recorded
        under: a variant's (`torch.compile(fullgraph=True)`, its own framework's data), else its own."""
        for keyword in flags:
            name = f"{marker}({keyword}=True)"
            if name in self.framework_of_marker:
                return name
        return marker

    def cache_key_prefixes(self, key: str) -> tuple[str, ...]:
        """The call prefixes a `[cache_key]` list of prefixes (`arrays`, `eager_ops`) names, of
        every framework together, sorted: the one reader of those lists for the loop analysis."""
        return tuple(sorted({p for f in self.frameworks for p in getattr(f.cache_key, key)}))

    @cached_property
    def last_names(self) -> frozenset[str]:
        """The last part of every marker's name (`map` of `tensorflow.data.Dataset.map`): a
        method of an object is a marker only if its name is one, which spares working out the
        object's class for every other attribute call."""
        return frozenset(name.rsplit(".", 1)[-1] for name in self.markers)

    @cached_property
    def method_classes(self) -> frozenset[str]:
        """What precedes the last name of every marker's name (`tensorflow.data.Dataset` of
        `tensorflow.data.Dataset.map`): the classes of objects whose methods may be markers
        (acclint.analysis.objects `method_marker` looks an object's classes up so)."""
        return frozenset(name.rpartition(".")[0] for name in self.markers) - {""}

    @property
    def instance_makers(self) -> frozenset[str]:
        """Every call that makes an object whose methods may be markers."""
        return frozenset(self.instances)

    @property
    def instance_classes(self) -> frozenset[str]:
        """Every class whose instances' methods may be markers (`tensorflow.data.Dataset`): a
        module naming one may annotate a parameter with it and map over what it is handed."""
        return frozenset(cls for cls, _ in self.instances.values())

    @property
    def receiver_classes(self) -> frozenset[str]:
        """Every class a marker that traces its receiver is a method of (`torch.nn.Module` of
        `model.compile()`): a module subclassing one may hold a context."""
        return frozenset(name.rsplit(".", 1)[0] for name, marker in self.markers.items() if marker.receiver)

    @property
    def class_bases(self) -> frozenset[str]:
        """Every base class whose subclasses have traced methods."""
        return frozenset(base for traced in self.traced_classes for base in traced.bases)

    @property
    def class_namespaces(self) -> frozenset[str]:
        """Every namespace whose classes are such bases (`keras.layers`)."""
        return frozenset(namespace for traced in self.traced_classes for namespace in traced.namespaces)


FOLDER = Path(__file__).parent  # the data files, installed beside this module


@cache
def framework_files() -> tuple[dict, ...]:
    """Every framework's data (files with a `[framework]` table), the lowest precedence first."""
    found = [tomllib.loads(p.read_text("utf-8")) for p in sorted(FOLDER.glob("*.toml"))]
    return tuple(sorted((raw for raw in found if "framework" in raw), key=lambda raw: raw["framework"]["precedence"]))


def _markers_of(raw: dict) -> dict[str, Marker]:
    """The markers one data file names, by kind."""
    return {
        name: Marker(
            name=name,
            kind=kind,
            fun=tuple(spec.get("fun", (0,))),
            keywords=tuple(spec.get("keywords", ())),
            traced=spec.get("traced", "all"),
            scalars_traced=spec.get("scalars") == "traced",
            scalars_keyed=spec.get("scalars") == "keyed",
            batches=spec.get("batches", True),
            wraps=spec.get("wraps", True),
            eager_by=frozenset(spec.get("eager_by", ())),
            receiver=spec.get("receiver", False),
            arrays=spec.get("inputs") == "arrays",
            proxies=spec.get("inputs") == "proxies",
            objects=tuple(spec.get("objects", ())),
            eager_keyword=spec.get("eager_keyword", ""),
        )
        for kind in KINDS
        for name, spec in raw.get(kind, {}).items()
    }


@cache
def load_markers(
    accelerators: tuple[str, ...] = (), differentiators: tuple[str, ...] = (), host_effects: tuple[str, ...] = ()
) -> MarkerTable:
    """Every framework's markers extended with the user's accelerators, differentiators and host
    effects (one table per arguments: a run asks for it more than once, and the caches keyed on
    a table by identity, such as the prefilter's compiled pattern, then serve every caller)."""
    markers: dict[str, Marker] = {}
    owner: dict[str, str] = {}
    names: dict[str, set[str]] = {"opaque": set(), "runs_functions": set(), "transparent": set()}
    runs_methods: set[str] = set()
    storing_methods: set[str] = set()
    rule_makers: set[str] = set()
    rule_methods: set[str] = set()
    rule_static_keyword = ""
    callable_records: dict[str, tuple[str, ...]] = {}
    modelled: list[str] = []
    traced_classes: list[TracedClass] = []
    frameworks: list[Framework] = []
    positions: set[str] = set()
    keywords: set[str] = set()
    instances: dict[str, tuple[str, bool]] = {}
    returns_self: dict[str, frozenset[str]] = {}
    yields_own: dict[str, frozenset[str]] = {}
    containers: set[str] = set()
    iterated: set[str] = set()
    flags: set[str] = set()
    built_state: list[BuiltState] = []
    recorded_modes: list[RecordedMode] = []
    eager_blocks: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
    for raw in framework_files():
        framework = _framework(raw)
        frameworks.append(framework)
        for name, marker in _markers_of(raw).items():
            markers[name] = marker
            owner[name] = framework.name
        for key in names:
            names[key] |= set(raw.get(key, {}).get("names", ()))
        runs_methods |= set(raw.get("runs_functions", {}).get("methods", ()))
        storing_methods |= set(raw.get("stores_callables", {}).get("methods", ()))
        rule_makers |= set(raw.get("derivative_rules", {}).get("makers", ()))
        rule_methods |= set(raw.get("derivative_rules", {}).get("methods", ()))
        rule_static_keyword = raw.get("derivative_rules", {}).get("static_keyword", rule_static_keyword)
        modelled += [n for n in raw.get("modelled", {}).get("namespaces", ()) if n not in modelled]
        for t in raw.get("traced_class", ()):
            traced_classes.append(TracedClass(
                frozenset(t["bases"]), frozenset(t["methods"]), frozenset(t.get("decorators", ())),
                t.get("inputs", "all"), t.get("attribute_writes", "trace"), tuple(t.get("variables", ())),
                tuple(t.get("arrays", ())),
                t.get("applied_by", ""), frozenset(t.get("apply_keywords", ())), t.get("runs", "__call__"),
                t.get("eager_runs", False), frozenset(t.get("run_by", ())), frozenset(t.get("symbolic_inputs", ())),
                frozenset(t.get("namespaces", ())), frozenset(t.get("not_bases", ())),
                t.get("eagerly", {}).get("keyword", ""), frozenset(t.get("eagerly", {}).get("steps", ())),
                tuple(t.get("mutable_makers", ())),
            ))
            owner.update(dict.fromkeys(t["bases"], framework.name))
        # A variant of another framework's markers (`[variant] of = ["torch.compile",
        # "torch.nn.Module.compile"]`, `keyword = "fullgraph"`): each of them applied with that
        # keyword set to True is traced by this one.
        variant = raw.get("variant")
        if variant is not None:
            for of in variant["of"]:
                owner[f"{of}({variant['keyword']}=True)"] = framework.name
            flags.add(variant["keyword"])
        for base, methods in raw.get("returns_self", {}).items():
            returns_self[base] = returns_self.get(base, frozenset()) | frozenset(methods)
        for base, methods in raw.get("yields_own", {}).items():
            yields_own[base] = yields_own.get(base, frozenset()) | frozenset(methods)
        containers |= set(raw.get("containers", {}).get("names", ()))
        iterated |= set(raw.get("containers", {}).get("iterated", ()))
        for made in raw.get("instances", ()):
            instances.update(dict.fromkeys(made["makers"], (made["class"], made.get("fluent", False))))
        built_state += [
            BuiltState(frozenset(b["classes"]), frozenset(b["builds"]), frozenset(b["resets"]), frozenset(b["attributes"]),
                       frozenset(b.get("steps", ())), _callbacks(b.get("callbacks")))
            for b in raw.get("built_state", ())
        ]
        recorded_modes += [
            RecordedMode(frozenset(r["makers"]), frozenset(r["keywords"]), r["attribute"], tuple(r["switches"].items()), frozenset(r["classes"]),
                         tuple(r["namespaces"]), r["initial"], tuple(r.get("leaves", ())))
            for r in raw.get("recorded_mode", ())
        ]
        for block, spec in raw.get("eager_blocks", {}).items():
            runs, wraps = eager_blocks.get(block, (frozenset(), frozenset()))
            eager_blocks[block] = (runs | frozenset(spec.get("runs", ())), wraps | frozenset(spec.get("wraps", ())))
        positions |= set(raw["static_arguments"]["positions"])
        keywords |= set(raw["static_arguments"]["names"])
    absent = absent_names()
    compiled: dict[str, str] = {}
    compiled_methods: dict[str, CompiledMethod] = {}
    for raw in library_files():
        for name, marker in _markers_of(raw).items():
            if name in absent:
                continue  # the installed library defines no such thing (--show-settings says so)
            markers.setdefault(name, marker)  # a framework's own entry wins
            owner.setdefault(name, raw["library"]["framework"])
        compiled.update({name: wrapper for name, wrapper in raw.get("compiled", {}).items() if name not in absent})
        callable_records.update({name: tuple(fields) for name, fields in raw.get("callable_records", {}).items()})
        for made in raw.get("instances", ()):
            instances.update(dict.fromkeys(made["makers"], (made["class"], made.get("fluent", False))))
        compiled_methods.update({
            name: CompiledMethod(spec["keyed_from"], frozenset(spec.get("unkeyed", ())), spec.get("unless", ""))
            for name, spec in raw.get("compiled_methods", {}).items()
        })
    for name in accelerators:
        markers[name] = Marker(name=name, kind=CACHED)
    for name in differentiators:
        markers[name] = Marker(name=name, kind=DIFFERENTIATED, traced="argnums")
    return MarkerTable(
        markers=markers,
        opaque=frozenset(names["opaque"]),
        runs_functions=frozenset(names["runs_functions"]),
        transparent=frozenset(names["transparent"]),
        modelled=tuple(modelled),
        traced_classes=tuple(traced_classes),
        host_effects=frozenset(host_effects),
        frameworks=tuple(frameworks),
        framework_of_marker=owner,
        static_positions=frozenset(positions),
        static_names=frozenset(keywords),
        instances=instances,
        flag_keywords=frozenset(flags),
        built_state=tuple(built_state),
        recorded_modes=tuple(recorded_modes),
        returns_self=returns_self,
        yields_own=yields_own,
        containers=frozenset(containers),
        iterated=frozenset(iterated),
        compiled=compiled,
        compiled_methods=compiled_methods,
        runs_methods=frozenset(runs_methods),
        storing_methods=frozenset(storing_methods),
        rule_makers=frozenset(rule_makers),
        rule_methods=frozenset(rule_methods),
        rule_static_keyword=rule_static_keyword,
        callable_records=callable_records,
        eager_blocks=eager_blocks,
    )


def _framework(raw: dict) -> Framework:
    spellings = {
        key: Spelling(spec["module"], spec["name"], spec.get("alias", ""), spec.get("import") == "from", spec.get("form", "format"), spec.get("stdout", ""))
        for key, spec in raw["spellings"].items()
    }
    # each table read once (a file may leave any of them out)
    conversions = raw.get("conversions", {})
    effects = raw.get("effects", {})
    cache = raw.get("cache", {})
    draws = raw.get("draws", {})
    breaks = raw.get("breaks", {})
    tracers = raw.get("tracers", {})
    grad_constants = raw.get("grad_constants", {})
    iterators = raw.get("iterators", {})
    state = raw.get("state", {})
    dropped = raw.get("dropped", {})
    host_generator = draws.get("host_generator", {})
    return Framework(
        name=raw["framework"]["name"],
        title=raw["framework"]["title"],
        precedence=raw["framework"]["precedence"],
        families={kind: frozenset(codes) for kind, codes in raw["families"].items()},
        spellings=spellings,
        pure_prefixes=tuple(raw["fixes"]["pure_prefixes"]),
        hints=dict(raw["hints"]),
        messages=dict(raw.get("messages", {})),
        print_blocked_by=frozenset(raw["fixes"].get("print_blocked_by", ())),
        host_methods=frozenset(conversions.get("methods", ("item", "tolist"))),
        host_methods_in={kind: frozenset(m) for kind, m in conversions.get("kinds", {}).items()},
        graph_calls=tuple(effects.get("graph_calls", ())),
        attribute_writes=effects.get("attribute_writes", "all"),
        cache_key=_cache_key(raw.get("cache_key", {})),
        cache_keyed_on=cache.get("keyed_on", "wrapper"),
        cache_clears=frozenset(cache.get("clears", ())),
        built_when_applied=cache.get("built") == "applied",
        captures_self=cache.get("method_self") == "captured",
        objects_by_identity=cache.get("objects") == "identity",
        unguarded_identity=cache.get("identity_tests") == "unguarded",
        globals_read=cache.get("globals", "all"),
        size_calls=frozenset(conversions.get("sizes", ())),
        cut_calls=dict(conversions.get("cuts", {})),
        size_reads=frozenset(conversions.get("size_reads", ())),
        size_choices=frozenset(conversions.get("size_choices", ())),
        legacy_constructors=frozenset(conversions.get("legacy_constructors", ())),
        legacy_methods=frozenset(conversions.get("legacy_methods", ())),
        int_arguments={name: dict(places) for name, places in conversions.get("int_arguments", {}).items()},
        batch_shapes={k: (v[0], v[1]) for k, v in conversions.get("batch_shapes", {}).items()},
        batch_backend_variable=conversions.get("batch_backend_variable", ""),
        batch_backends=frozenset(conversions.get("batch_backends", ())),
        exports=frozenset(conversions.get("exports", ())),
        export_methods=frozenset(conversions.get("export_methods", ())),
        example_makers=frozenset(conversions.get("example_makers", ())),
        variable_methods=frozenset(raw.get("branches", {}).get("variable_methods", ())),
        numpy_arrays_traced=draws.get("numpy_arrays") == "traced",
        baked_draws=frozenset(draws["baked"]) if "baked" in draws else None,
        container_attributes=effects.get("attribute_containers", "shared"),
        seeded_draws=frozenset(draws.get("seeded", ())),
        restarted_by=frozenset(draws.get("restarted_by", ())),
        vmap_random=frozenset(draws.get("vmap_random", ())),
        vmap_random_modules=frozenset(draws.get("vmap_random_modules", ())),
        randomness_keyword=draws.get("randomness_keyword", ""),
        module_runners=frozenset(draws.get("module_runners", ())),
        host_generator_draws=tuple(host_generator.get("draws", ())),
        host_generator_not_draws=frozenset(host_generator.get("not_draws", ())),
        host_generator_layers=frozenset(host_generator.get("layers", ())),
        untraced_draws=frozenset(draws.get("untraced", ())),
        seed_setters=frozenset(draws.get("seed_setters", ())),
        breaks_split_graph=breaks.get("after_last_operation") == "none",
        break_codes=tuple(breaks.get("codes", ())),
        conversions_raise=conversions.get("outcome") == "error",
        conversions_recorded=conversions.get("outcome") == "constant",
        comprehension_tests_raise=conversions.get("comprehension_tests") == "error",
        promotion=raw["fixes"].get("promotion", "lattice"),
        static_slice_bounds=tracers.get("slice_bounds") == "static",
        tracers_lack=frozenset(tracers.get("lack", ())),
        tracers_have=frozenset(tracers.get("have", ())),
        trace_answers=dict(tracers.get("answers", {})),
        grad_makers=frozenset(grad_constants.get("makers", ())),
        grad_keyword=grad_constants.get("keyword", ""),
        grad_methods=frozenset(grad_constants.get("methods", ())),
        element_copies=frozenset(conversions.get("element_copies", ())),
        graph_iterables=frozenset(iterators.get("graph", ())),
        graph_iterable_methods=frozenset(iterators.get("methods", ())),
        state_makers=frozenset(state.get("makers", ())),
        built_on_call=frozenset(state.get("built_on_call", ())),
        dropped_registries=frozenset(dropped.get("registries", ())),
        dropped_patches=frozenset(dropped.get("patches", ())),
        unguarded_methods=frozenset(raw.get("unguarded", {}).get("methods", ())),
    )


def _cache_key(raw: dict) -> CacheKey:
    sets = (
        "shapes_relaxed_by", "values_relaxed_by", "keyed_when_false", "values_keyed_by", "graph_static_by", "compiles_functions",
        "compiles_every_call",
    )
    return CacheKey(**{
        key: frozenset(value) if key in sets else tuple(value) if isinstance(value, list) else value for key, value in raw.items()
    })


def _callbacks(raw: dict | None) -> Callbacks | None:
    """`[built_state.callbacks]`, or None where a build call is handed none."""
    if raw is None:
        return None
    return Callbacks(
        raw["keyword"], frozenset(raw["bases"]), frozenset(raw["makers"]), raw["model"],
        frozenset(raw["after_step"]), frozenset(raw["around_step"]),
    )
