"""Cache keys of compiled calls in host loops: the one analysis behind ACC5 (recompilation storms).

A call of a compiled callable `C(args)` looks its traces up by a key (docs/contexts.md, "Cache keys"):
the callable's identity, each static argument's value or hash, each traced argument's shape and
dtype, the Python values its framework keys by value, and for torch.compile the values its guards
read. Each framework's key is data (`[cache_key]` in acclint/frameworks/*.toml, read through
MarkerTable.framework). A call is a call of a compiled callable when the value its callee denotes,
followed through every binding the walk resolves (`_denoted`, `_callee`), is a wrapper application
or a project wrapper's result, with the static options that application was given: a name bound
to one (a wrapper's result, a decorated def, an alias, `step = get()`, `partial(jitted, ...)`, an
item of a container of them, one of two by a conditional expression), an item of such a
container (`fns[k]`, `for fn in fns`), an object that holds one (an attribute a method binds to a
wrapper's result, `self.f(x, i)`; `box.step = jax.jit(f)`; a decorated method called as
`obj.step(x, i)`, its positions counted without `self`; an instance whose `__call__` is
compiled), or a parameter every call of its function passes one (also a call from another module:
acclint.analysis.passed's seeds, `_passed_in`); also what a call gives back called at once
(`make()(x)`; a memoised factory, `[storms] memoizers`, makes nothing anew), `partial` of a wrapper
application, what a forwarding decorator returns (`_forwarded`), a class attribute called through
its class, and a lowering (`[storms] lowering`: `F.lower(x, i)` traces as `F(x, i)` does;
benchmarks/call_spellings.py). ACC5 holds at a call when some
component of that key is *new on every pass* of an unbounded loop around the call; this module walks a whole module once (only when an
ACC5 rule is selected, and only when one of the module's marker sites applies a jit-family
wrapper: every finding starts from one) and computes, for each component, whether it is.

Newness is a propagation fact with a deny-list: *a key component computed from a value that is
new on every pass is itself new on every pass, unless the computation provably collapses it to a
bounded set.* So:

- New at the source: the variable of an unbounded `range`, `enumerate` (its index) or
  `itertools.count` loop; a name stepped by `+=`/`-=`/`*=` a literal in the body (`size -= 1`,
  also spelt `size = size - 1`, `lr = lr * 0.5`) and not otherwise reassigned there; a key the
  body rebinds from a split or fold of itself (`key, sub = jax.random.split(key)`, with what the
  same statement binds: a key chain, `_split_keys`); a parameter a call from such a loop passes a new value.
- Carried by any expression given a new input: a call of any function or method (`np.log1p(i)`,
  `sched.rate(i)`, `"lr{}".format(i)`, `hash(i)`: an int's hash is itself), an attribute or a
  method of a new value, an item of a new container, arithmetic, a tuple/list/dict/set display, a
  comprehension over a new iterable, an f-string, a conditional expression, a walrus; a name or
  attribute (`state.step`) the loop binds to one (also under an `if`); a container the pass
  fills with one (`dims.append(i + 1)`, `hp["lr"] = lr`); a module function's
  result where some `return` computes with a parameter given a new value (`def constant(s):
  return 0.5` makes none); in a method called on an object the pass makes (`Model(i +
  1).run(x)`), an attribute its `__init__` binds from what the constructor is given new
  (`self.width`).
- Collapsed (bounded, not new): comparisons and `not` (`i > k`, `i == 0`), `bool`, `isinstance`
  and the other predicates, `type`; `len` of what is not resized; `% k` and `& k` with a literal
  `k` of at most `_FEW_VALUES`; a keyed draw of a few values (`few_valued_draws`:
  `jax.random.bernoulli`, `randint(key, shape, 0, 4)`); `min(i, k)`, `np.minimum`, `np.clip(i, 0, k)`/`clamp` with such a
  literal upper bound; an integer rounded from a logarithm (`math.ceil(math.log2(n))`,
  `n.bit_length()`: a power-of-two bucket, logarithmically many values); an item of a literal table (`MODES[i % 3]`, `("a", "b")[i]`, `{...}.get(i,
  d)`); `.shape`, `.dtype`, `.ndim`, `.size` of a new value of a fixed shape; the difference or
  ratio of two new values (`end - start`, both stepped: possibly constant).
- Unknown, and so nothing: where the framework keys Python values by value but arrays by shape
  (tf.function, `eqx.filter_jit`, `torch.compile(dynamic=False)`, dlaccelerate), a value made by a
  call its `[cache_key] arrays` lists (`tf.constant(i)`, `np.float32(i)`: converted, keyed by
  dtype; also as the parameter of a function the loop runs, `solve(jnp.array([x, y]))`), a
  container of such values, a name the function binds before the loop to one (`x = tf.ones(3)`
  makes `x * i` a tensor), a module function's result where every return is one, a copy of a
  pytree with such a value set as a leaf (`leaf_setters`:
  `eqx.tree_at(where, model, jnp.asarray(lr))`), what a compiled callable returns, and an item of
  a container the loop did not make taken at a new index (`xs[i]`: the data-batch idiom, its type
  unknown); such an item written as a static argument is new (keyed whatever its type). A name
  bound so counts in a loop's body and in a function's body run on every pass.
- A new object hashed by identity (for a static argument or the callable itself): a `lambda`, a
  `def` in the loop, `functools.partial(...)`, a bound method `obj.f`, an instance of a class the
  module defines without value equality, a call of a `new_objects` factory (`optax.adam(lr)`;
  not a method of what it made: `optim.init(params)` is an optimizer state, a pytree of arrays),
  what a factory without decorators makes on each call (`get_config()` whose every return is
  `Config(...)`), the callable a transform applied at once returns (`callable_results`: `_, pullback =
  jax.vjp(f, x)`), and a name a function's body binds to one of those (new on each call); a
  function such an object holds is new with it (`jax.jit(net.apply)`, `net = hk.transform(f)`
  in the loop: run, 6 traces in 6 passes).
- A field of a pytree argument keyed by value (declared static: flax.struct's
  `pytree_node=False`, equinox's `static=True`; under `filter_jit` also one annotated as a Python
  scalar) is new on every pass where the loop passes the compiled call's result back (`state =
  step(state)`) and the compiled function computes it anew from the argument's own field
  (`Module(x=module.x + 1)`, `s.replace(step=s.step + 1)`): a counter stepped inside the trace.
  A field declared static that holds an array (given by the constructor, or set by the class's
  own `__init__`) cannot be compared: the second lookup raises. A pytree made on each pass with
  a new value in a field declared static (the module's pytree classes' declarations, and other
  libraries' in `static_fields`: flax's TrainState `tx`, `apply_fn`) is a new key under jax.jit:
  `state.replace(tx=optax.adam(lr))`, `TrainState.create(..., tx=...)` (run: 6 traces in 6
  passes, framework_runs.py jax_training_objects_rebuilt_per_pass).
- A shape is new where a size is computed from a new value: a new value in a shape-like position
  of any call (a `shape=`/`size=`/`num=`/`repeats=`... keyword; a tuple or list of integers given
  an array function or a method, `random.normal(key, (500, i))`; any argument of a shaping method,
  `x.reshape(-1, i)`, `x.repeat(i)`; a `shape_makers` position, `jnp.arange(i)`,
  `np.linspace(0, 1, i)`), a slice with one end moving and the other fixed (`x[:t]`), a Python
  sequence of a new length (`[f(j) for j in range(i)]`, `list(range(i))`, `[x] * (i + 1)`,
  `dict(zip(...))` of such), a dict display with a key new on every pass: a pytree's structure
  is in its key as a shape is (run: framework_runs.py jax_pytree_structure_per_pass), a list an
  inner loop of a new number of passes grows (`for _ in range(i): parts.append(x)`), a call of
  a module function some return of which is sized by a parameter given a new value (`def
  batch(i): return jnp.ones((i + 1, 2))`). A size the data decides is new on each pass of a loop
  over data (`Loop.varies`: the variable of a `for` over data, a name carried from pass to pass,
  what is computed from those): a `data_sized` call (`np.nonzero(d < cutoff)`, `np.unique`), a
  boolean mask written as an index (`x[x > t]`), a dict grown with a key read from such data
  (`counts[token] = 1`); a value the loop carries and rebinds once to itself joined with more
  (`tokens = jnp.concatenate([tokens, nxt])`, `hist = hist + [x]`). The shape is carried by
  a name bound to such an array, its attributes and slices (`part.T`), arithmetic, an array
  library's call or a method given one (`jnp.concatenate([x, x[:i]])`), a tuple holding one,
  a module function's return computed from a new value (`batch(i)`; a returned tuple entry by
  entry where the caller unpacks it: `positions, senders, receivers = graph(n)`, mace_1590),
  but not by a reduction (`jnp.sum`, `.mean()`) nor by a call of anything else: its result's
  type is unknown.

A loop is unbounded unless it runs over a literal collection (`for mode in ("train", "eval")`,
also a grid of them; of numbers, at most five) or a literal `range` of at most five passes
(tf.function's threshold for its retracing warning): a display of numbers is a range of as
many values, its target a new number on every pass where they are spelt each differently (ten
literal batch sizes are `range(10)`'s storm: jax_803). A bounded loop bounds the values derived from what the loop changes,
not the objects made anew on each pass (the lead's policy, stop 42): a wrapper applied on each
pass of any loop of two or more passes, bounded or not, to a callable that reads nothing the
loop binds (its target and the names its body assigns: `jax.jit(self.f)`, `jax.jit(lambda x: x
+ 1)`, a `partial` of loop-invariant values, a decorated local `def`) compiles again on every
pass for nothing, and hoisting it is always right; one that reads the loop's value
(`partial(step, mode=mode)` over modes) stays, in a bounded loop, a compile per configuration.

A library's compiled entry points are compiled callables too (`MarkerTable.compiled`, the
`[compiled]` table of a library: `diffrax.diffeqsolve`, optimistix's solves, each
`@eqx.filter_jit` in the library's source): a call of one is a call of a name bound to that
decorator's result, keyed as it keys (run: framework_runs.py jax_library_entry_points). Under
`filter_jit` every non-array leaf is keyed, so an argument built on each pass around a new object
(`dfx.ODETerm(vector_field)`, `vector_field` a `def` of the function the loop runs) is new in the
key as the object is.

Compiled callables are also made where no wrapper is written: JAX's control-flow primitives
called from host code (`[cache_key] compiles_functions`: `lax.scan`, `lax.fori_loop`,
`lax.while_loop`, `lax.cond`, `lax.switch`, `lax.map`) trace and compile the functions they are
given, cached on them, so each is a wrapper applied and called at once on each function
argument; `lax.map` (`compiles_every_call`) wraps that function in a closure of its own on
every call and compiles whatever it is given (run: framework_runs.py
jax_primitives_called_on_host). They are written mostly in functions traced from elsewhere (a
model's layers, an environment's `step` jitted by its caller), so such a call counts only where a
loop at module level (a script's, a notebook's) runs it and no trace reaches its function: read
in every loop, they added 28 findings on the real-code benchmark, most in traced code. `vmap`, `grad` and `checkpoint` applied and called from host code
run op by op and compile nothing per call. A function called from an unbounded loop (by name, `self.m()`, or
`obj.m()` on an instance of a module class) runs once per pass, and so does every function it
calls: what they build is new on every pass (a `def` in its body, a lambda, a `partial`, whatever
its parameters); its parameters are new on every pass where a call
passes them a new value, and so are the names its body binds from them. That per-function
summary is carried down the calls to a fixpoint (a function called from one so called, any
number of calls down). The body of a compiled function is no host code: it runs only while a
trace is built.

A wrapper applied on each pass is a storm only when its result is called once on that pass (the
finding is at that call, whose key's identity component is new): a result called (or handed to
another call) at several places, or in a nested loop, is taken as a per-pass compile that the
pass reuses (a jit per configuration), not a compile per step. This leaves jax#282 out (a jit of
each data item's pullback, reused over an inner loop); reporting it (stop 41) made a false finding
on the real-code benchmark, a benchmark's sweep over configurations (jax-md's
cargese_swap_mc notebook), and was undone.

How repetition is known: from a loop the module shows (`for`, `while`, a comprehension, and
`map(f, xs)`, which calls `f` once per item as `[f(x) for x in xs]` does: a lambda's body is that
comprehension's element, a function named or a `partial` over one is called from it), and through
the calls of functions and methods it runs (above); nothing else. A function no visible loop runs may be a step called from
another module or by a framework, or a one-off (`main`, `train_and_evaluate`, an `init`): on the
real-code benchmark, taking every such function as per step would report 437 wrapper applications
(72 outside tests), nearly all in one-off setup and entry points (stop 41, benchmarks/README.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import AbstractSet, Iterable
from weakref import WeakKeyDictionary

import libcst as cst

from acclint.analysis.arguments import fields_passed, passed
from acclint.analysis.bound_once import bound_once
from acclint.analysis.contexts import PARTIAL
from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.module_counters import stepped_counters
from acclint.analysis.names import dotted_name, literal_int, once_block
from acclint.analysis.guarded_structure import new_structure
from acclint.frameworks.markers import DIFFERENTIATED, VMAPPED, CacheKey, Marker
from acclint.analysis.reach import Options
from acclint.analysis.scopes import ClassInfo, FunctionInfo
from acclint.analysis.taint import element_pairs
from acclint.analysis.unrolled import unrolled_dimensions
from acclint.analysis.walk import all_params, children, walk_all

_STEPS = (cst.AddAssign, cst.SubtractAssign, cst.MultiplyAssign)
_CHANGING_OPS = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.Power, cst.FloorDivide)
# A literal range of at most this many passes is a bounded set, not a storm (tf.function warns
# after five retraces of one function).
_MAX_BOUNDED_PASSES = 5
# What `_made_by` gives for a call of a compiled callable: a trace returns arrays (tf.function
# gives tensors), which a cache keys by shape, never by value.
_COMPILED_RESULT = "<compiled>"
# Methods or decorators that give a class value equality: its instances as static arguments hash
# alike when their fields do.
_VALUE_EQUALITY = frozenset({"__hash__", "__eq__"})
_VALUE_CLASS_DECORATORS = ("dataclass", "struct.dataclass", "dataclasses.dataclass", "flax.struct.dataclass", "chex.dataclass")
# Values Python cannot hash: displays and comprehensions of lists, dicts and sets, and the
# builtins that make them.
_UNHASHABLE_DISPLAYS = (
    ((cst.List, cst.ListComp), "a list"), ((cst.Dict, cst.DictComp), "a dict"), ((cst.Set, cst.SetComp), "a set"),
)
# Methods that put what they are given in their container (`_filled`).
_FILLING = frozenset({"append", "extend", "insert", "add", "update", "setdefault"})
# Methods that grow a list by at least one item on every call.
_GROWING_METHODS = frozenset({"append", "insert"})
_UNHASHABLE_BUILTINS = frozenset({"list", "dict", "set", "bytearray"})
# Nodes with no code below them (most of a module's nodes): the walk has nothing to do there.
_LEAVES = frozenset({cst.Name, cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Ellipsis, cst.Pass, cst.Break, cst.Continue})
# The nodes `LoopFacts._walk` does something at (every type it tests for): any other node it
# only passes through to its children, which `_walk_children` does without a call of `_walk`
# for each (tests/test_walk_dispatch.py keeps the two in step).
_DISPATCHED = frozenset({
    cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.For, cst.While, cst.ListComp, cst.SetComp, cst.GeneratorExp,
    cst.DictComp, cst.Assign, cst.AugAssign, cst.AnnAssign, cst.NamedExpr, cst.Call,
})
# The pass-through nodes most of a module is made of, with the one field below them that can
# hold more than a name: `_walk_children` steps to it without `children`'s generic loop over
# the node's fields (the rest hold names, leaves it skips, or punctuation; tests/test_walk_dispatch.py
# checks each against `children`).
_ONE_CHILD = {
    cst.Arg: "value", cst.Attribute: "value", cst.Element: "value", cst.AssignTarget: "target", cst.Expr: "value",
    cst.Index: "value", cst.SubscriptElement: "slice", cst.ComparisonTarget: "comparator",
}
# ... and those whose only code is a sequence of statements (`children` gives their `body`).
_BODIES = frozenset({cst.SimpleStatementLine, cst.IndentedBlock})
_VALUE_CLASS_BASES = ("NamedTuple", "typing.NamedTuple", "equinox.Module", "flax.struct.PyTreeNode", "enum.Enum")
# A new value collapsed to at most this many values is a bounded set (`i % 4`, `min(i, 3)`,
# `np.clip(i, 0, 8)`): at most that many traces, torch.compile's recompile limit.
_FEW_VALUES = 8
# Attributes that stay put while the value changes (a new array of one shape).
_FIXED_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size"})
# Expressions that make no new value: a comparison (two values), a lambda (a new object, not a
# new value: `_new_object`).
_NEVER_NEW = (cst.Comparison, cst.Lambda)
# Keywords that give a call's result its shape or length (`shape=(i, 3)`, `num=i`), whatever
# the callee.
_SHAPE_KEYWORDS = frozenset({"shape", "size", "num", "new_shape", "newshape", "repeats", "reps", "pad_width", "sizes"})
# Methods every positional argument of which is a size (`x.reshape(-1, i)`, `x.repeat(i)`).
_SHAPE_METHODS = frozenset({"reshape", "view", "repeat", "tile", "expand", "resize", "broadcast_to", "new_zeros", "new_ones", "new_empty"})
# Array operations whose result is a scalar (or a fixed shape) whatever their operand's shape.
_REDUCTIONS = frozenset({
    "sum", "mean", "max", "min", "prod", "std", "var", "norm", "argmax", "argmin", "any", "all", "item", "median",
    "count_nonzero", "dot", "vdot", "inner", "logsumexp", "reduce_sum", "reduce_mean", "reduce_max", "reduce_min",
    "nansum", "nanmean", "tolist", "numel", "len", "float", "int",
})
# Namespaces whose functions are array operations: given a resized operand, a resized result.
_ARRAY_LIBRARIES = ("numpy.", "jax.numpy.", "jax.random.", "jax.nn.", "jax.lax.", "tensorflow.", "torch.")
# Builtins whose result takes a few values whatever their input.
_PREDICATES = frozenset({"bool", "isinstance", "issubclass", "callable", "hasattr", "type"})
# Annotations of fields that hold a Python value (not an array leaf).
_PYTHON_SCALARS = frozenset({"int", "float", "bool", "str"})
# Calls that round a number to an integer, and logarithms: an integer rounded from a logarithm
# takes logarithmically many values (`_collapses`).
_ROUNDINGS = frozenset({"ceil", "floor", "int", "round", "trunc"})
_LOGARITHMS = frozenset({"log", "log2", "log10", "log1p"})
# Keywords of `clip`-like calls that give the upper bound.
_UPPER_BOUNDS = frozenset({"a_max", "max", "upper", "clip_value_max", "max_value"})


@dataclass(frozen=True)
class Jitted:
    """A callable made by a jit-family wrapper, and what its cache keys on (its framework's
    CacheKey with the wrapper's own keywords applied)."""

    marker: str
    identity: str = "function"  # CacheKey.identity; "instance": a library object's compiled method (`_compiled_method`)
    values_keyed: bool = False  # every Python value passed is in the key, by value
    shapes_keyed: bool = True
    static_positions: frozenset[int] = frozenset()
    static_names: frozenset[str] = frozenset()
    # Of those, the parameters keyed by value only because the body specialises them
    # (CacheKey.specialized_by: torch.compile unrolls `range(n)`), for messages.
    specialized: frozenset[str] = frozenset()
    specialized_positions: frozenset[int] = frozenset()
    specialized_as: str = "a bound of a Python loop in its body"  # what specialises them, for messages
    arrays: tuple[str, ...] = ()  # CacheKey.arrays: calls whose results are keyed as arrays
    graph_static: bool = False  # CacheKey.graph_static_by: each argument's non-array attributes are keyed
    # State the compiled callable changes on every call, read by a guard: an attribute its
    # module's `forward` steps, a global list it grows (for messages: what it is and how).
    guarded: tuple[str, ...] = ()
    # Module-level names the compiled function's body reads, where its guards read them by value
    # (CacheKey.guards_attributes: torch.compile): one the loop rebinds to a new int or str each
    # pass fails the guard each pass.
    guarded_globals: frozenset[str] = frozenset()
    recompile_limit: int = 0
    # Python values go dynamic after a recompile (CacheKey.python_values "dynamic"): only numbers
    # can, so a str is still keyed by value (torch.compile: 8 compiles for 10 new strs).
    strings_keyed: bool = False
    # The wrapped callable, keyed by hash where `identity` is "function", when Python cannot
    # hash it (an instance of a module class without `__hash__`): what it is, for messages.
    unhashable: str | None = None
    # The module's function it wraps, where known, its parameters in the call's positions (not
    # after `partial` binds some): what the trace does with an argument (ACC105 reads its draws).
    function: FunctionInfo | None = field(default=None, compare=False)
    # The parameters (call position or None, name) whose dimensions the body unrolls a Python
    # loop over, with those dimensions (CacheKey.dimensions_specialized_by): keyed by value even
    # where other shapes go dynamic.
    unrolled: tuple[tuple[int | None, str, frozenset[int]], ...] = ()
    structures_keyed: bool = False  # CacheKey.structures_keyed: a dict's keys, a list's length guarded by value

    @property
    def runtime(self) -> bool:
        """`dlaccelerate`: every non-dlarray argument is part of the trace key, by value."""
        return self.marker.startswith("acclint.runtime.")


@dataclass(eq=False)
class Loop:
    """A `for`/`while` loop or a comprehension's `for`, with what changes on each pass."""

    node: cst.CSTNode
    bounded: bool
    single: bool = False  # a literal loop of at most one pass: nothing is made on a second one
    changing: set[str] = field(default_factory=set)  # names holding a new value each pass
    fresh: set[str] = field(default_factory=set)  # names bound to a new callable or object each pass
    # names called or handed to a call in its body (not nested loops): each such call
    called: dict[str, list[cst.Call]] = field(default_factory=dict)
    called_nested: set[str] = field(default_factory=set)  # names called in loops nested in it
    assigned: set[str] = field(default_factory=set)  # names (re)bound in its body or target
    resized: set[str] = field(default_factory=set)  # names bound to an array whose shape changes
    made: dict[str, str] = field(default_factory=dict)  # names bound to a call's result: what was called
    holding: set[str] = field(default_factory=set)  # names bound to a call given a new factory-made object
    static_held: set[str] = field(default_factory=set)  # names bound to a pytree whose static field is new (`_static_field_given`)
    pullbacks: set[str] = field(default_factory=set)  # names bound to a transform's callable over the pass's primals (`callable_results`)
    aliases: dict[str, str] = field(default_factory=dict)  # names bound to another name in its body (`inference = forward`): alias -> that name
    built: dict[str, cst.Call] = field(default_factory=dict)  # names bound in its body to a module class's instance: the constructor's call
    # names holding data that differs on each pass, of unknown value: the variable of a `for`
    # over data (`for pos in frames`) and what the body computes from it or from a changing name
    varies: set[str] = field(default_factory=set)

    def names_of(self, name: str) -> list[str]:
        """`name` and the names its body binds to it (`g = f`, `h = g`): each holds its object."""
        return [name, *(alias for alias, of in self.aliases.items() if of == name)]


@dataclass(frozen=True)
class Pass:
    """What is new on every pass where a compiled call runs: names holding a new value, a new
    object, an array of a new shape; `where` names the loop for messages."""

    changing: frozenset[str]
    fresh: frozenset[str]
    resized: frozenset[str]
    rebound: frozenset[str]  # names any enclosing loop rebinds (a slice end naming one moves)
    where: str
    # names bound to an object built around a new factory-made one (`nnx.Optimizer(m, optax.adam(lr))`)
    holding: frozenset[str] = frozenset()
    # names bound to a pytree holding a new value in a field declared static (`state.replace(tx=optax.adam(lr))`)
    static_held: frozenset[str] = frozenset()
    varies: frozenset[str] = frozenset()  # names holding data that differs on each pass (`Loop.varies`)


@dataclass(frozen=True)
class KeyChange:
    """A component of a compiled call's cache key that is new on every pass (one finding)."""

    code: str  # ACC501 identity, ACC502 static or by-value argument, ACC503 shape, ACC504 a dlaccelerate input, ACC505 a guard
    node: cst.CSTNode  # where to report: the call whose key it is (issue 36), wherever its argument is written
    component: str  # what changes: "static argument 'lr'", "the shape of 'x[:t]'", ...
    callee: cst.CSTNode  # the compiled callable as called; for ACC501 the wrapper application that makes it
    where: str  # the loop: "this loop", "'step', which 'train' calls in a loop"
    statement: cst.BaseStatement
    # False for a static argument that cannot be hashed at all (a list): no key on any call,
    # loop or not (`where` is then empty)
    hashable: bool = True
    # True for an object the marker keys by its non-array attributes (`nnx.jit`): what is new is
    # an object built around it each pass, not a value to pass traced
    held: bool = False
    # True for a str, keyed by value where numbers go dynamic: it cannot be passed traced
    string: bool = False
    # For ACC501 reported at the wrapper application (`node`, where the new identity is made):
    # the call on the pass that runs its result (`f = jax.jit(lambda ...)`, then `f(x)`)
    called: cst.Call | None = None


@dataclass(frozen=True)
class JittedCall:
    """A call of a compiled callable in one function scope:
    `f(a, b)`, or `dlfeval(f, a, b)` (then `callee` is `f` and `args` are `a, b`)."""

    call: cst.Call
    callee: cst.BaseExpression
    args: tuple[cst.Arg, ...]
    jitted: Jitted
    loops: tuple[Loop, ...]
    scope: _Scope
    statement: cst.BaseStatement


@dataclass(eq=False)
class _Scope:
    fn: FunctionInfo | None
    bound: set[str] = field(default_factory=set)  # names bound to anything but a compiled callable
    literals: dict[str, cst.BaseExpression | None] = field(default_factory=dict)  # `N = 3`; None: rebound
    # names every assignment of the scope binds to a str (`prompt = f"task {i}"`); False: bound
    # to anything else too (or by a `for`, a `with`, an augmented assignment)
    strings: dict[str, bool] = field(default_factory=dict)
    jitted: dict[str, Jitted | None] = field(default_factory=dict)  # None: bound ambiguously
    instances: dict[str, ClassInfo] = field(default_factory=dict)  # `model = Net()`: names bound to a module class's instance
    # names the function's body binds to a callable made anew on each call (`_, pullback =
    # jax.vjp(f, x)`, `g = partial(h, k)`): what they are, for messages
    callables: dict[str, str] = field(default_factory=dict)
    # names the function's body binds outside any loop to a call's result: what was called (as
    # `Loop.made`, for a function that runs on every pass of a loop elsewhere)
    made: dict[str, str] = field(default_factory=dict)
    # names bound to a lambda (`go = lambda v: step(v, 2)`): a function a call of the name runs,
    # as a `def` of that name is (None: bound to something else too)
    lambdas: dict[str, FunctionInfo | None] = field(default_factory=dict)
    # The body of a compiled function (or of a function nested in one): it runs only while a
    # trace is built, so its loops run once per trace, not once per call.
    traced: bool = False


@dataclass(eq=False)
class _Candidate:
    """A wrapper application on a fresh callable, waiting to learn whether it is called."""

    node: cst.CSTNode
    what: str
    result: str | None  # the name its result (or the decorated def) is bound to; None: called at once
    loop: Loop | None
    scope: _Scope
    statement: cst.BaseStatement
    # What is wrapped (an expression, or the decorated def): in a bounded loop, a storm only
    # when it reads nothing the loop binds (`_invariant_in`).
    wrapped: cst.CSTNode | None = None
    # A primitive that compiles what it is given (`lax.scan(f, ...)`): host code only where a
    # loop at module level runs it (`_compiled_at_once`).
    primitive: bool = False


@dataclass(frozen=True)
class StormTables:
    """The API lists the cache-key analysis needs (the rules' `apis.toml`, `[storms]`)."""

    wrappers: frozenset[str]  # the jit family: their result caches traces
    array_constructors: frozenset[str]  # calls that keep their argument's shape (`jnp.asarray(x[:i])`)
    callers: frozenset[str]  # calls that call their first argument with the rest (`dlfeval(f, x)`)
    new_objects: frozenset[str] = frozenset()  # calls returning a new identity-hashed object
    bound_methods: frozenset[str] = frozenset()  # method names of other libraries' objects
    # function -> (positions, keywords) of its shape argument; position -1: every positional one
    shape_makers: dict[str, tuple[frozenset[int], frozenset[str]]] = field(default_factory=dict)
    # transform -> position of the new callable in its result (`jax.vjp`: 1)
    callable_results: dict[str, int] = field(default_factory=dict)
    # pytree class of another library -> its fields declared static (flax's TrainState: `tx`)
    static_fields: dict[str, frozenset[str]] = field(default_factory=dict)
    # call -> (position, keyword) of the leaf it sets in a copy of a pytree (`eqx.tree_at(where,
    # tree, replace)`: 2, "replace")
    leaf_setters: dict[str, tuple[int, str]] = field(default_factory=dict)
    # host draw of one Python number -> position of the argument that makes it an array instead
    # (-1: any; None: always a number): new on every call (`np.random.randn()`, `random.random()`)
    number_draws: dict[str, int | None] = field(default_factory=dict)
    # calls that make an array (no hash: as a static argument, the call raises)
    array_makers: frozenset[str] = frozenset()
    # calls whose result's length their argument's values decide (`np.nonzero`), and those that
    # do so given one positional argument only (`np.where(cond)`)
    data_sized: frozenset[str] = frozenset()
    one_argument_sized: frozenset[str] = frozenset()
    # host draws of one integer from a literal range (a call, or a method of a generator:
    # `integers`) -> whether the upper bound is included (`random.randint`)
    integer_draws: dict[str, bool] = field(default_factory=dict)
    # calls that join arrays end to end: given a sequence of arrays (`jnp.concatenate([x, y])`),
    # or an array and what it appends (`jnp.append(x, v)`)
    joins: frozenset[str] = frozenset()
    # calls that make a key from the key they are given (`jax.random.split`): a name a loop
    # rebinds from one of itself is new on every pass (`_split_keys`)
    key_steps: frozenset[str] = frozenset()
    # keyed draws of a few values -> the positions of their literal bounds (none: always few,
    # `bernoulli`); with bounds, few where they span at most `_FEW_VALUES` (`_collapses`)
    few_valued_draws: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # decorators that hand back one result per arguments (`functools.lru_cache`): what a function
    # under one returns is made once, not on each call
    memoizers: frozenset[str] = frozenset()
    # methods of a compiled callable that trace it for the key of their arguments, as a call
    # does (`jax.jit(f).lower(x)`, `tf_fn.get_concrete_function(x)`)
    lowering: frozenset[str] = frozenset()
    # receiver markers that compile the object they are called on in place (`model.compile()`)
    compiles_in_place: frozenset[str] = frozenset()


class LoopFacts:
    """The cache-key analysis of one module (see the module docstring)."""

    def __init__(self, analysis: ModuleAnalysis, tables: StormTables) -> None:
        self.analysis = analysis
        self.tables = tables
        self._imported = analysis.index.imports.bound_names()
        self.calls: list[JittedCall] = []
        self._candidates: list[_Candidate] = []
        self._retrained: list[_Rewrap] = []  # `_retrain`'s finds: a model compiled and trained each pass
        self._pending: list[tuple[cst.Call, tuple[Loop, ...], _Scope, cst.BaseStatement]] = []
        # Wrapper calls seen from above before they are visited: called at once (`jit(f)(x)`:
        # id of `jit(f)` -> the call `jit(f)(x)`), or the value of `name = jit(f)`.
        self._called_at_once: dict[int, cst.Call] = {}
        self._assigned_to: dict[int, str] = {}
        # Every call of the module's functions and methods from host code: (caller, callee,
        # parameters the call does not pass (1: `self`), call, scope, loops around it)
        self._host_calls: list[tuple[FunctionInfo | None, FunctionInfo, int, cst.Call, _Scope, tuple[Loop, ...]]] = []
        self._scopes: dict[FunctionInfo | None, _Scope] = {}
        self._resolving: set[str] = set()  # module-level names `_literal` is looking through
        self._returns: dict[FunctionInfo, tuple[frozenset[str], frozenset[str]]] = {}  # _returned_from's summaries
        self._makers: dict[FunctionInfo, str | None] = {}  # _made_returned's answers
        self._compiled_makers: dict[str, bool] = {}  # _makes_compiled's answers
        # Compiled callables each instance of a module class owns: (class, attribute) -> how.
        self._owned: dict[tuple[ClassInfo, str], _Owned] = {}
        # Compiled callables an object holds, as called through it: (class, attribute) -> what
        # its key holds (an attribute a method binds to a wrapper's result, a decorated method
        # with `self` dropped from its positions, a compiled `__call__`).
        self._held: dict[tuple[ClassInfo, str], Jitted] = {}
        # Objects compiled in place (`model.compile()`): (the function binding the name, name) -> key
        self._in_place: dict[tuple[FunctionInfo | None, str], Jitted] = {}
        # Attributes a method binds to one of its parameters (`self.step_fn = step_fn` in
        # `__init__`): (class, attribute) -> (that name, the method's scope); None: bound to
        # something else too. They hold what every call passes (`_callee`).
        self._kept: dict[tuple[ClassInfo, str], tuple[cst.Name, _Scope] | None] = {}
        # Calls `obj.attr(...)` from host code that may run an instance's own compiled callable.
        self._attribute_calls: list[tuple[cst.Call, tuple[Loop, ...], _Scope, cst.BaseStatement]] = []
        module = _Scope(None)
        self._scopes[None] = module
        # The calls that can apply a marker: the module index's marker sites (a call whose
        # callee ends in a marker's or a wrapper's last name, or in a name an import binds),
        # and calls of calls (`partial(jax.jit, ...)(f)`, whose inner call is such a site).
        self._marker_calls = {id(site.expr) for site in analysis.index.sites if site.decorates is None}
        # The last names of the library compiled entry points the module's imports reach
        # (`import diffrax as dfx` reaches `diffrax.diffeqsolve`): a call whose callee ends in
        # one is looked up (`_entry_point`), no other.
        imports = analysis.index.imports
        reached = [imports.resolve_dotted(name) for name in imports.bound_names()]  # what the imports bind, for both
        self._entry_tails = _reached_tails(reached, analysis.markers.compiled)
        # ... and the method names of library objects' compiled methods (`mcmc.run`: `_compiled_method`)
        self._method_tails = _reached_tails(reached, analysis.markers.compiled_methods)
        if not self._applies_wrapper():
            return  # no compiled callable is made here: no key to compute, nothing to walk
        for statement in analysis.module.body:
            self._walk(statement, module, (), statement)
        self._resolve_calls()

    def _applies_wrapper(self) -> bool:
        """Whether some marker site of the module applies a jit-family wrapper, as a decorator
        or a call (every finding starts from one: a compiled callable bound to a name, owned by
        an object, or applied anew on each pass)."""
        if self._entry_tails or self._method_tails or self._resets_and_builds:
            return True  # it calls a library's compiled entry point or method (`_entry_point`, `_compiled_method`), or `_retrain`'s methods
        if any(p.marker in self.tables.wrappers for p in self.analysis.passed):
            return True  # another module passes one of its functions a compiled callable (`_passed_compiled`)
        if any(found[0].name in self.tables.wrappers for found in self.analysis.imported_compiled.values()):
            return True  # it imports a function another module compiles (`_imported_compiled`)
        primitives = False
        for site in self.analysis.index.sites:
            for found in (self.analysis.decorator_marker(site.expr), self._applied(site.expr) if site.decorates is None else None):
                if found is not None and found[0].name in self.tables.wrappers:
                    return True
                primitives = primitives or found is not None and self._compiles_functions(found[0].name)
            if site.decorates is None and type(method := site.expr.func) is cst.Attribute and method.attr.value in self._in_place_tails and (
                (inplace := self.analysis.applied_marker(site.expr, site.scope)) is not None and inplace[0].name in self.tables.compiles_in_place
            ):
                return True  # `model.compile()`: the object is compiled in place
        return primitives and self._host_loop_possible()

    @cached_property
    def _resets_and_builds(self) -> bool:
        """Whether the module calls both a method that builds a kept compiled function and runs
        one step and one that drops it (`[[built_state]]`: `model.train_on_batch`, `model.compile`),
        which `_retrain` reads: without both, no loop body has them, and `_retrain` does not walk
        each loop's body to look."""
        called = {f.attr.value for f in self.analysis.index.call_order if type(f) is cst.Attribute}
        return any(called & state.steps and called & state.resets for state in self.analysis.markers.built_state)

    def _host_loop_possible(self) -> bool:
        """Whether a loop runs at module level (a script's, a notebook's), or module-level code
        calls a module function, whose loops are host loops too (`_host_functions`): the only
        places a primitive that compiles what it is given counts (`_compiled_at_once`), so a
        module of such primitives without either has nothing to walk."""
        loops = (cst.For, cst.While, cst.CompFor)
        functions = self.analysis.index.functions
        return any(
            type(node) in loops or type(node) is cst.Call and type(node.func) is cst.Name and node.func.value in functions
            for statement in self.analysis.module.body
            if not isinstance(statement, (cst.FunctionDef, cst.ClassDef)) for node in walk_all(statement)
        )

    def _compiles_functions(self, marker: str) -> bool:
        """A marker that, called from host code, compiles the functions it is given, caching on
        them (`[cache_key] compiles_functions`: JAX's control-flow primitives)."""
        return marker in self.analysis.markers.framework({marker}).cache_key.compiles_functions

    def _applied(self, call: cst.Call):
        """The marker `call` applies (ModuleAnalysis.applied_marker), asked only of the calls
        that can apply one (`_marker_calls`): most calls of a module are not marker sites."""
        if type(call.func) is not cst.Call and id(call) not in self._marker_calls:
            return None
        return self.analysis.applied_marker(call)

    # -- the answer ------------------------------------------------------------------------
    @cached_property
    def changes(self) -> list[KeyChange]:
        """Every component of a compiled call's key that is new on every pass, and every
        wrapper application on a new callable called once per pass."""
        found: list[KeyChange] = []
        sites: set[int] = set()
        for change in map(_rewrap_change, self._rewraps()):
            if id(change.node) not in sites:  # one finding per site: a project function's inner application serves two callers
                sites.add(id(change.node))
                found.append(change)
        found += [KeyChange("ACC501", r.call, r.what, r.node, r.where, r.statement) for r in self._retrained]
        found += self._owned_changes()
        # what each function a loop runs makes new on every pass: worked out when a compiled
        # call in such a function first asks (in most modules none does)
        helpers: dict[FunctionInfo, list[Pass]] | None = None
        seen: set[tuple[int, str]] = set()
        spelt: set[tuple] = set()
        for call in self.calls:
            again = (id(call.scope), self._code(call.callee))
            found += self._array_metadata(call, again in seen or bool(call.loops))
            seen.add(again)
            unbounded = [loop for loop in call.loops if not loop.bounded]
            if unbounded and self._repeats_in_pass(call, unbounded[-1], spelt):
                continue
            if unbounded:
                passes = [self._pass_of(call.loops, "this loop")]
                found += self._fed_back(call, passes[0])
            elif call.scope.fn is not None and call.scope.fn in self._run_on_passes:
                helpers = self._helper_passes() if helpers is None else helpers
                passes = helpers.get(call.scope.fn, [])
            else:
                passes = []
            for each in passes:
                found += self._key_changes(call, each)
            found += self._unhashable_statics(call)
        return found

    def _repeats_in_pass(self, call: JittedCall, loop: Loop, spelt: set[tuple]) -> bool:
        """Whether the same call, spelt alike, came earlier in the same pass of `loop`, its
        arguments reading no name the loop's body rebinds (a warm-up call, then the timed one:
        `apply_aug(x[:n])` twice, keras-cv's benchmark): the second reuses the trace the first
        made, so only the first is a compile. Adds this call's spelling to `spelt`."""
        key = (id(loop), id(call.scope), self._code(call.call))
        target = _names(loop.node.target) if isinstance(loop.node, cst.For) else set()
        rebound = loop.assigned - target
        if any(_read_names(a.value) & rebound for a in call.args):
            return False
        if key in spelt:
            return True
        spelt.add(key)
        return False

    def _fed_back(self, call: JittedCall, each: Pass) -> list[KeyChange]:
        """Arguments the loop passes back as the call's own result (`state = step(state)`)
        whose by-value key component the compiled function computes anew from itself: a field
        of a pytree class it keys by value (`_keyed_fields`) that a `return` builds from the
        same field of the parameter (`MyModule(x=module.x + 1, ...)`, `s.replace(step=s.step +
        1)`), not passed back unchanged. A counter stepped inside the trace is new on every pass
        (run: equinox#1062, and `benchmarks`' spellings in tests/test_key_newness.py)."""
        fn = self._function_named(call.callee.value, call.scope) if isinstance(call.callee, cst.Name) else None
        target = self._assigned_to.get(id(call.call))
        if fn is None or target is None or isinstance(fn.node, cst.Lambda) or call.callee is not call.call.func:
            return []
        param = next((p for p, value in passed(call.call, fn).items() if isinstance(value, cst.Name) and value.value == target), None)
        if param is None:
            return []
        found = []
        for returned in (r for r in _returned_values(fn) if isinstance(r, cst.Call)):
            for field_name, value in self._built_fields(returned, param, call.jitted):
                mine = f"{param}.{field_name}"
                if self._code(value) != mine and self._changing(value, {mine}):
                    component = (
                        f"argument '{target}' (its field '{field_name}', keyed by value, which '{fn.name}' computes anew from "
                        f"itself on every call: '{self._code(value)}', and the loop passes back)"
                    )
                    found.append(KeyChange("ACC502", call.call, component, call.callee, each.where, call.statement))
                    return found
        return found

    def _built_fields(self, returned: cst.Call, param: str, jitted: Jitted) -> list[tuple[str, cst.BaseExpression]]:
        """(field, value) for each field a compiled function's result keys by value that the
        call `returned` gives: a call of a pytree class of the module, or `param.replace(...)`
        (flax.struct), whose fields are those some pytree class of the module declares."""
        func = returned.func
        if isinstance(func, cst.Attribute) and func.attr.value == "replace" and isinstance(func.value, cst.Name) and func.value.value == param:
            keyed = set().union(*(self._keyed_fields(cls, jitted) for cls in self.analysis.index.all_classes if self._pytree_class(cls)))
            return [(a.keyword.value, a.value) for a in returned.args if a.keyword is not None and a.keyword.value in keyed]
        cls = self._class_named(func)
        if cls is None or not self._pytree_class(cls) or "__init__" in cls.methods:
            return []
        keyed = self._keyed_fields(cls, jitted)
        return [(name, value) for name, value in _field_values(cls, returned).items() if name in keyed]

    def _keyed_fields(self, cls: ClassInfo, jitted: Jitted) -> set[str]:
        """The fields of a pytree class a compiled call keys by value: those declared static,
        and, where every Python value is keyed by value (`equinox.filter_jit`), those annotated
        as a Python scalar (not a leaf the trace turns into an array)."""
        return {
            name for name, annotation, default in _fields(cls)
            if self._static_field(default) or (jitted.values_keyed and self._code(annotation) in _PYTHON_SCALARS)
        }

    def _unhashable_statics(self, call: JittedCall) -> list[KeyChange]:
        """Static arguments that cannot be hashed (`f(x, [2, 3])`, a non-frozen dataclass): a
        cache keyed by hash has no key for them on any call, so this needs no loop."""
        jitted, found, position = call.jitted, [], 0
        if jitted.identity == "instance":
            return found  # a library object's own cache (numpyro's MCMC compiles anew for an unhashable key)
        if jitted.unhashable is not None:
            component = f"the wrapped callable ({jitted.unhashable})"
            found.append(KeyChange("ACC502", call.call, component, call.callee, "", call.statement, hashable=False))
        for arg in call.args:
            if arg.star:
                continue
            static = arg.keyword.value in jitted.static_names if arg.keyword is not None else position in jitted.static_positions
            position += arg.keyword is None
            what = self._unhashable(arg.value, call.scope) if static else None
            if what is not None:
                component = f"static argument '{self._code(arg.value)}' ({what})"
                found.append(KeyChange("ACC502", call.call, component, call.callee, "", call.statement, hashable=False))
        return found

    def _array_metadata(self, call: JittedCall, looked_up: bool) -> list[KeyChange]:
        """Arguments of a jitted call whose pytree metadata holds an array: an instance of a
        class whose field declared static (flax.struct's `pytree_node=False`, equinox's
        `eqx.field(static=True)`) is given an array, by its constructor or its own `__init__`.
        jax compares metadata by equality when it looks a call up in its cache, and an array
        cannot be compared: once an entry exists (a call in a loop, or after an earlier call of
        the same callable: `looked_up`) the lookup raises (run: jax 0.10, "arrays cannot be
        passed as metadata fields"; equinox 0.13, "static arguments should be comparable";
        jax#7826, equinox#746)."""
        if not looked_up or call.jitted.identity != "function":
            return []
        found = []
        for arg in call.args:
            made = arg.value
            if isinstance(made, cst.Name):  # a name bound once, in the module or the calling function (`main()`)
                fn = call.scope.fn
                values = self.analysis.index.module_values.get(made.value, []) if fn is None else _bound_values(fn, made.value)
                made = values[0] if len(values) == 1 else made
            cls = self._instance(made, call.scope)
            field_name = self._array_in_static_field(cls, made if isinstance(made, cst.Call) else None) if cls is not None else None
            if field_name is not None:
                component = f"argument '{self._code(arg.value)}' (its static field '{field_name}' holds an array, which cannot be compared)"
                found.append(KeyChange("ACC502", call.call, component, call.callee, "", call.statement, hashable=False))
        return found

    def _array_in_static_field(self, cls: ClassInfo, made: cst.Call | None) -> str | None:
        """The field `cls` declares static (pytree metadata) that holds an array in an instance:
        given one by `made` (a call of the class, whose generated `__init__` takes the fields in
        order) or by the class's own `__init__` (`self.table = np.arange(...)`), or None."""
        if not self._pytree_class(cls):
            return None
        init = cls.methods.get("__init__")
        if init is not None:
            given = dict(_self_assignments(init))
        elif made is not None:
            given = _field_values(cls, made)
        else:
            return None
        for name, _annotation, default in _fields(cls):
            value = given.get(name)
            if value is not None and self._static_field(default) and self._array_made(value):
                return name
        return None

    def _pytree_class(self, cls: ClassInfo, named_tuples: bool = False) -> bool:
        """A class whose instances are pytrees with declared metadata: a flax.struct dataclass or
        PyTreeNode, an equinox Module (with `named_tuples`, also a NamedTuple: a pytree whose
        fields are all leaves)."""
        decorated = any(
            self.analysis.resolve(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) == "flax.struct.dataclass"
            for d in cls.node.decorators
        )
        bases = ("flax.struct.PyTreeNode", "equinox.Module") + (("typing.NamedTuple", "NamedTuple") if named_tuples else ())
        return decorated or any(self.analysis.resolve(b) in bases for b in cls.bases)

    def _static_field(self, default: cst.BaseExpression | None) -> bool:
        """A field declaration that makes the field metadata: `field(pytree_node=False)`
        (flax.struct, dataclasses), `eqx.field(static=True)`, `eqx.static_field()`."""
        if not isinstance(default, cst.Call):
            return False
        callee = self.analysis.resolve(default.func)
        keywords = {a.keyword.value: a.value for a in default.args if a.keyword is not None}
        if callee in ("flax.struct.field", "dataclasses.field"):
            return _is_false(keywords.get("pytree_node"))
        if callee == "equinox.field":
            return _is_true(keywords.get("static"))
        return callee == "equinox.static_field"

    def _array_made(self, expr: cst.BaseExpression) -> bool:
        """An array made by an array constructor or a shape maker, also through arithmetic
        (`jnp.ones(3) * i`)."""
        if isinstance(expr, cst.BinaryOperation):
            return self._array_made(expr.left) or self._array_made(expr.right)
        if isinstance(expr, cst.UnaryOperation):
            return self._array_made(expr.expression)
        if not isinstance(expr, cst.Call):
            return False
        callee = self.analysis.resolve(expr.func)
        return callee in self.tables.array_constructors or callee in self.tables.shape_makers

    def _unhashable(self, expr: cst.BaseExpression, scope: _Scope) -> str | None:
        """What unhashable value `expr` is (a list, dict or set, by display, comprehension or
        builtin call, also through a name bound once to a display; an array, `StormTables.
        array_makers`, also through a name bound once to one where it is read: `bound_once`; an
        instance of a module class Python leaves without `__hash__`), or None."""
        expr = self._literal(expr, scope) or expr
        if isinstance(expr, cst.Name):  # a name bound once (module-level, or in a script's `main()`)
            expr = bound_once(expr.value, scope.fn, self.analysis) or expr
        for kinds, what in _UNHASHABLE_DISPLAYS:
            if isinstance(expr, kinds):
                return what
        if isinstance(expr, cst.Call) and (self.analysis.resolve(expr.func) or "") in self.tables.array_makers and not self._draws_a_number(expr):
            return "an array, which has no hash"
        if isinstance(expr, cst.Call) and self.analysis.resolve(expr.func) in _UNHASHABLE_BUILTINS:
            return f"a {self.analysis.resolve(expr.func)}"
        cls = self._instance(expr, scope)
        if cls is not None and _without_hash(cls, self.analysis):
            return f"a '{cls.name}' object, without __hash__"
        return None

    def _key_changes(self, call: JittedCall, each: Pass) -> list[KeyChange]:
        jitted = call.jitted
        found: list[KeyChange] = []
        for what in jitted.guarded:
            found.append(KeyChange(
                "ACC505", call.call, f"{what}; {jitted.recompile_limit} compiles, then eager)",
                call.callee, each.where, call.statement,
            ))
        for name in sorted(jitted.guarded_globals & each.changing):
            attribute = "." in name
            if (name[name.rfind("."):] if attribute else name) not in self._float_assigned:
                what = f"the attribute '{name}' (read by the compiled code, written" if attribute else f"the global '{name}' (read by the function, rebound"
                found.append(KeyChange(
                    "ACC505", call.call, f"{what} on every pass; {jitted.recompile_limit} compiles, then eager)",
                    call.callee, each.where, call.statement,
                ))
        position = 0
        for arg in call.args:
            index = None
            if arg.keyword is None and not arg.star:
                index, position = position, position + 1
            if arg.star:
                continue
            named = arg.keyword.value if arg.keyword is not None else None
            static = (index in jitted.static_positions) if index is not None else named in jitted.static_names
            by_value = jitted.values_keyed or jitted.strings_keyed and self._str_valued(arg.value, call.scope)
            if static or (by_value and not self._array_valued(arg.value, jitted.arrays, call)):
                what = self._new_value(arg.value, each, static)
                around = self._built_around(arg.value, each) if what is None and jitted.values_keyed and not static else None
                what = what or around
                if what is not None:
                    code = "ACC504" if jitted.runtime and not static else "ACC502"
                    kind = "static argument" if static else "argument"
                    if jitted.identity == "instance":  # a library object's own cache (`_compiled_method`)
                        unless = self.analysis.markers.compiled_methods[jitted.marker].unless
                        kind, what = "argument", what + (f" (the object's cache keys it unless made with {unless}=True)" if unless else "")
                    if named in jitted.specialized or index in jitted.specialized_positions:
                        kind, what = "argument", f"{what} ({jitted.specialized_as}, which the compiler specialises)"
                    found.append(KeyChange(
                        code, call.call, f"{kind} {what}", call.callee, each.where, call.statement,
                        held=around is not None, string=not (static or jitted.values_keyed),
                    ))
                    continue
            held = None
            if not static:
                held = self._holding(arg.value, each) if jitted.graph_static else self._static_field_given(arg.value, each)
            if held is not None:
                found.append(KeyChange(
                    "ACC502", call.call, f"argument '{self._code(arg.value)}' ({held}, which {jitted.marker} holds static)",
                    call.callee, each.where, call.statement, held=True,
                ))
                continue
            structure = new_structure(
                arg.value, lambda e: self._resized(e, each), lambda name: _bound_values(call.scope.fn, name) if call.scope.fn else [],
            ) if jitted.structures_keyed else None
            if structure is not None:
                found.append(KeyChange(
                    "ACC505", call.call, f"the {structure} of '{self._code(arg.value)}' (new on every pass; "
                    f"{jitted.recompile_limit} compiles, then eager)", call.callee, each.where, call.statement,
                ))
                continue
            if jitted.shapes_keyed:
                resized = self._resized(arg.value, each)
                if resized is not None:
                    found.append(KeyChange(
                        "ACC503", call.call, f"the shape of '{self._code(resized)}'", call.callee, each.where, call.statement,
                    ))
                continue
            unrolled = next((dims for i, name, dims in jitted.unrolled if (index, named) in ((i, None), (None, name))), None)
            new = self._new_dimensions(arg.value, each) & unrolled if unrolled else set()
            if new:
                found.append(KeyChange(
                    "ACC503", call.call, f"dimension {max(new)} of '{self._code(arg.value)}' (a bound of a Python loop in its "
                    "body, unrolled, which the compiler specialises)", call.callee, each.where, call.statement,
                ))
        return found

    def _str_valued(self, expr: cst.BaseExpression, scope: _Scope) -> bool:
        """A str for sure (`_string`), or a name its scope binds only to strs and by assignment
        alone (`prompt = f"task {i}"` in the loop, then `run(x, prompt)`)."""
        if not isinstance(expr, cst.Name):
            return _string(expr)
        return scope.strings.get(expr.value, False) and (scope.fn is None or expr.value not in {p.name for p in scope.fn.params})

    def _new_dimensions(self, expr: cst.BaseExpression, each: Pass) -> set[int]:
        """The dimensions of `expr` known new on every pass, each also as counted from the last
        where the rank is known: a size new in a position of an array maker (`torch.randn(2, n,
        4)`, `torch.zeros((n, 3))`), a slice moving in one position (`x[:, :t]`)."""
        if isinstance(expr, cst.Subscript):
            if not self._resizing_slice(expr, each):
                return set()
            return {i for i, element in enumerate(expr.slice) if isinstance(element.slice, cst.Slice) and any(
                end is not None and self._changing(end, each.changing) for end in (element.slice.lower, element.slice.upper)
            )}
        shape = self.tables.shape_makers.get(self.analysis.resolve(expr.func) or "") if isinstance(expr, cst.Call) else None
        if shape is None:
            return set()
        positional = [a.value for a in expr.args if a.keyword is None and not a.star]  # type: ignore[union-attr]
        sizes = positional if -1 in shape[0] else [a for i, a in enumerate(positional) if i in shape[0]]
        if len(sizes) == 1 and isinstance(sizes[0], (cst.Tuple, cst.List)):
            sizes = [e.value for e in sizes[0].elements if isinstance(e, cst.Element)]
        new = {i for i, size in enumerate(sizes) if self._changing(size, each.changing)}
        return new | {i - len(sizes) for i in new}

    def _new_value(self, expr: cst.BaseExpression, each: Pass, static: bool) -> str | None:
        """How `expr` is new on every pass (for a message), or None."""
        if self._changing(expr, each.changing, static):
            return f"'{self._code(expr)}'"
        made = self._new_object(expr, each)
        return f"'{self._code(expr)}' ({made})" if made is not None else None

    def _array_valued(self, expr: cst.BaseExpression, arrays: tuple[str, ...], call: JittedCall) -> bool:
        """Whether `expr` is made by a call the framework keys as an array (its `arrays`, or a
        compiled callable: what a trace returns is arrays), or a name a loop around binds to one."""
        made = self._made_by(expr, call.loops, call.scope)
        return made == _COMPILED_RESULT or bool(arrays) and made is not None and made.startswith(arrays)

    def _made_by(self, expr: cst.BaseExpression, loops: tuple[Loop, ...], scope: _Scope) -> str | None:
        """The call an array-like `expr` comes from: a call's callee (`_COMPILED_RESULT` for a
        compiled callable's), that of a name a loop around binds to a call (or, where no loop
        around binds it, the function's body does: `x = tf.ones(3)` before the loop), of a
        container's first item where each is made by a call, for arithmetic that of an operand
        made by a call (an array plus a Python number is an array: `tf.ones(n) * i` is a tensor),
        and for a call of a module function what all its returns are made by (`_made_returned`)."""
        if type(expr) is cst.Name:
            for loop in reversed(loops):
                if expr.value in loop.made or expr.value in loop.assigned:
                    return loop.made.get(expr.value)
            return scope.made.get(expr.value)
        if isinstance(expr, cst.Call):
            if isinstance(expr.func, cst.Name) and (self._lookup(expr.func.value, scope) or self._imported_compiled(expr.func)) is not None:
                return _COMPILED_RESULT
            fn = self._module_function(expr.func)
            if fn is not None:
                return self._made_returned(fn)
            setter = self.tables.leaf_setters.get(self.analysis.resolve(expr.func) or "")
            if setter is not None:
                # a copy of a pytree with one leaf set: what changes is that leaf, keyed as it is
                # (`eqx.tree_at(where, model, jnp.asarray(lr))` changes an array leaf)
                position, keyword = setter
                positional = [a.value for a in expr.args if a.keyword is None and not a.star]
                leaf = positional[position] if position < len(positional) else next(
                    (a.value for a in expr.args if a.keyword is not None and a.keyword.value == keyword), None)
                return self._made_by(leaf, loops, scope) if leaf is not None else None
            if self._draws_a_number(expr):
                return None  # a Python number, not an array (`np.random.randn()`)
            cls = self._class_named(expr.func)
            if cls is not None and expr.args and self._pytree_class(cls, named_tuples=True):
                # a pytree node's fields are its leaves: arrays where each field given is one
                made = [self._made_by(a.value, loops, scope) for a in expr.args if not a.star]
                return made[0] if made and None not in made else None
            return self.analysis.resolve(expr.func) or ""
        if isinstance(expr, cst.UnaryOperation):
            return self._made_by(expr.expression, loops, scope)
        if isinstance(expr, cst.Subscript):  # an item or a slice of an array is an array
            return self._made_by(expr.value, loops, scope)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _CHANGING_OPS):
            return self._made_by(expr.left, loops, scope) or self._made_by(expr.right, loops, scope)
        if type(expr) in (cst.Tuple, cst.List, cst.Dict) and expr.elements:
            # a container of arrays (`{"pos0": tf.ones((n, 3)), ...}`) is keyed by their shapes
            items = [e for e in expr.elements if not isinstance(e, (cst.StarredElement, cst.StarredDictElement))]
            made = [self._made_by(e.value, loops, scope) for e in items]
            return made[0] if made and None not in made else None
        return None

    def _made_returned(self, fn: FunctionInfo) -> str | None:
        """What every return of the module function `fn` is made by (`_made_by` in its own
        scope: `def batch(i): return tf.ones([i + 1, 2])` gives a tensor), or None; made once."""
        if fn not in self._makers:
            self._makers[fn] = None  # recursion says nothing
            scope = self._scopes.get(fn) or _Scope(fn)
            made = {self._made_by(r, (), scope) if r is not None else None for r in _returned_values(fn)}
            self._makers[fn] = made.pop() if len(made) == 1 else None
        return self._makers[fn]

    def _module_function(self, func: cst.BaseExpression) -> FunctionInfo | None:
        """The module function (not a lambda) a call of `func` runs, by its plain name."""
        fn = self.analysis.index.functions.get(func.value) if isinstance(func, cst.Name) else None
        return fn if fn is not None and not isinstance(fn.node, cst.Lambda) else None

    def _pass_of(self, loops: tuple[Loop, ...], where: str) -> Pass:
        unbounded = [loop for loop in loops if not loop.bounded]
        return Pass(
            frozenset().union(*(loop.changing for loop in unbounded)),
            frozenset().union(*(loop.fresh for loop in unbounded)),
            frozenset().union(*(loop.resized for loop in unbounded)),
            frozenset().union(*(loop.assigned for loop in loops)),
            where,
            frozenset().union(*(loop.holding for loop in unbounded)),
            frozenset().union(*(loop.static_held for loop in unbounded)),
            frozenset().union(*(loop.varies for loop in unbounded)),
        )

    def _helper_passes(self) -> dict[FunctionInfo, list[Pass]]:
        """For each function that runs on every pass of an unbounded loop, what each call into
        it makes new on every pass: among its parameters (what the call passes), and the names
        its body binds from those (the per-function summary). Carried down the calls to a
        fixpoint: a call in the loop, a call from a function so called, and so on. Each call's
        summary for a given outer pass is worked out once: a round of the fixpoint only adds
        passes, and worked out again on every round it was a fifth of the analysis."""
        found: dict[FunctionInfo, dict[tuple[frozenset[str], ...], Pass]] = {}
        into: dict[tuple[int, Pass], Pass] = {}  # (host call, outer pass) -> _pass_into's answer
        changed = True
        while changed:
            changed = False
            for number, (caller, fn, skipped, call, scope, loops) in enumerate(self._host_calls):
                outers = list(found.get(caller, {}).values()) if caller is not None else []
                if any(not loop.bounded for loop in loops):
                    here = self._pass_of(loops, "")
                    outers = [_merged(here, outer) for outer in outers] or [here]
                for outer in outers:
                    each = into.get((number, outer))
                    if each is None:
                        each = into[(number, outer)] = self._pass_into(fn, skipped, call, outer, scope, loops)
                    key = (each.changing, each.fresh, each.resized)
                    if key not in found.setdefault(fn, {}):
                        found[fn][key] = each
                        changed = True
        return {fn: list(passes.values()) for fn, passes in found.items()}

    @cached_property
    def _run_on_passes(self) -> frozenset[FunctionInfo]:
        """The functions `_helper_passes` can give passes for: called from host code in an
        unbounded loop, or called by one of these (the same host calls, without the passes).
        A compiled call in no such function has none, whatever they are."""
        looped = dict.fromkeys((fn for _caller, fn, _skipped, _call, _scope, loops in self._host_calls if any(not loop.bounded for loop in loops)), "")
        return frozenset(self._with_callees(looped))

    def _pass_into(self, fn: FunctionInfo, skipped: int, call: cst.Call, outer: Pass, scope: _Scope, loops: tuple[Loop, ...] = ()) -> Pass:
        """What `call` of `fn` makes new on every pass of `outer` among `fn`'s parameters, and
        what `fn`'s body binds from them or makes: it runs once per pass, so a function it
        defines (`def vector_field` in a solve the loop runs, handed to `diffeqsolve`), a
        lambda, a `partial` are new on each pass even where every parameter is the same."""
        changing, fresh, resized = self._given_attributes(fn, call, outer, scope, loops), set(fn.inner), set()
        if fn.parent is not None and fn.parent is scope.fn and isinstance(fn.node, cst.FunctionDef):
            # a function defined where the loop runs reads the loop's names as they are on that
            # pass (`def report(): return pred(phis, x)` over a dict the loop grows)
            free = _read_names(fn.node.body) - {p.name for p in fn.params} - set().union(*map(_target_names, _assignments(fn)))
            changing |= free & outer.changing
            resized |= free & outer.resized
        for param, value in passed(call, fn, bound=skipped > 0).items():
            if self._changing(value, outer.changing) and not self._an_array(value, loops, scope):
                changing.add(param)
            elif self._new_object(value, outer) is not None:
                fresh.add(param)
            elif self._resized(value, outer) is not None:
                resized.add(param)
        caller = f"'{scope.fn.name}'" if scope.fn is not None else "the module"
        where = f"'{fn.name}', which {caller} calls in a loop" if not outer.where else f"'{fn.name}', called from {outer.where}"
        return self._derived(fn, Pass(frozenset(changing), frozenset(fresh), frozenset(resized), frozenset(), where))

    def _given_attributes(self, fn: FunctionInfo, call: cst.Call, outer: Pass, scope: _Scope, loops: tuple[Loop, ...]) -> set[str]:
        """For a method called on an object the pass makes (`Model(i + 1).run(x)`, or `m =
        Model(width=i)` then `m.run(x)`): the attributes its class's `__init__` binds from what
        the constructor is given new (`self.width = width`, `self.rows = 2 * width`), named
        with the method's own instance parameter (`self.width`); else none."""
        if not (fn.is_method and fn.params and isinstance(call.func, cst.Attribute)):
            return set()
        made = self._constructor(call.func.value, scope, loops)
        cls = self._class_named(made.func) if made is not None else None
        init = cls.methods.get("__init__") if cls is not None else None
        if init is None or init is fn or not init.params:
            return set()
        theirs = init.params[0].name + "."
        given = self._pass_into(init, 1, made, outer, scope, loops).changing  # type: ignore[arg-type]
        return {fn.params[0].name + name[len(theirs) - 1:] for name in given if name.startswith(theirs)}

    def _constructor(self, obj: cst.BaseExpression, scope: _Scope, loops: tuple[Loop, ...]) -> cst.Call | None:
        """The call of a module class that made `obj`: `obj` itself, or the one call a loop
        around (else the function's body) binds the name `obj` to."""
        if isinstance(obj, cst.Call):
            return obj if self._class_named(obj.func) is not None else None
        if not isinstance(obj, cst.Name):
            return None
        built = next((loop.built[obj.value] for loop in reversed(loops) if obj.value in loop.built), None)
        if built is None and not loops and scope.fn is not None:
            values = _bound_values(scope.fn, obj.value)
            built = values[0] if len(values) == 1 and isinstance(values[0], cst.Call) else None
        return built if built is not None and self._class_named(built.func) is not None else None

    def _an_array(self, expr: cst.BaseExpression, loops: tuple[Loop, ...], scope: _Scope) -> bool:
        """Whether `expr` is made by a call some framework keys as an array (a `[cache_key]
        arrays` prefix: `jnp.array([x, y])`), also through a name a loop around binds to one:
        passed on to a function, its value is in no cache key (its shape is: `_resized`)."""
        made = self._made_by(expr, loops, scope)
        return made is not None and made != _COMPILED_RESULT and made.startswith(self._array_makers)

    @cached_property
    def _array_makers(self) -> tuple[str, ...]:
        return tuple(sorted({p for f in self.analysis.markers.frameworks for p in f.cache_key.arrays}))

    def _derived(self, fn: FunctionInfo, each: Pass) -> Pass:
        """`each` with the names `fn`'s body binds (nested functions aside) from what is new on
        each pass, in source order: `lr = 0.1 / (1 + step)`, `shape = (i + 1, 2)`. A name once
        bound to a new value stays so (a later constant rebinding is not followed)."""
        changing, fresh, resized = set(each.changing), set(each.fresh), set(each.resized)
        holding, static_held = set(each.holding), set(each.static_held)
        for node in _assignments(fn):
            for name, value in self._pairs(node):
                now = Pass(*map(frozenset, (changing, fresh, resized)), each.rebound, each.where, *map(frozenset, (holding, static_held)), each.varies)
                if self._resized(value, now) is not None:
                    resized.add(name)
                elif self._changing(value, now.changing):
                    changing.add(name)
                elif self._new_object(value, now) is not None:
                    fresh.add(name)
                if self._holding(value, now) is not None:
                    holding.add(name)
                if self._static_field_given(value, now) is not None:
                    static_held.add(name)
        return Pass(*map(frozenset, (changing, fresh, resized)), each.rebound, each.where, *map(frozenset, (holding, static_held)), each.varies)

    # -- values --------------------------------------------------------------------------
    def _changing(self, expr: cst.BaseExpression, changing: frozenset[str] | set[str], static: bool = False) -> bool:
        """Whether `expr` is new on every pass: it computes with a new value (a changing name,
        or attribute `state.step` bound in the loop) by any operation (a call of any function or
        method, an attribute, an item, arithmetic, a container, an f-string, a conditional
        expression, a walrus) that does not collapse it to a few values (`_collapses`). An
        item of a container the loop does not make, taken at a new index (`lrs[i]`), counts
        only where the value is keyed whatever its type (`static`: a static argument); where
        Python values are keyed by value and arrays by shape, it is the data-batch idiom
        (`xs[i]`), whose type is unknown: it says nothing."""
        if type(expr) is cst.Call and self._draws_a_number(expr):
            return True  # a host draw: new on every call, loop or not
        if not changing:
            return False
        kind = type(expr)
        if kind is cst.Name:
            return expr.value in changing
        if kind is cst.Attribute:
            if _attribute_of_name(expr) and self._code(expr) in changing:
                return True  # `state.step`, bound in the loop
            return expr.attr.value not in _FIXED_ATTRIBUTES and self._changing(expr.value, changing, static)
        if kind in _LEAVES or kind in _NEVER_NEW:
            return False
        if kind is cst.UnaryOperation:
            return not isinstance(expr.operator, cst.Not) and self._changing(expr.expression, changing, static)
        if kind is cst.BinaryOperation:
            return self._binary_changing(expr, changing, static)
        if kind is cst.Subscript:
            return self._item_changing(expr, changing, static)
        if kind is cst.Call:
            return self._call_changing(expr, changing, static)
        if kind is cst.IfExp:
            return self._changing(expr.body, changing, static) or self._changing(expr.orelse, changing, static)
        if kind is cst.FormattedString:
            return any(
                self._changing(part.expression, changing, static)
                for part in expr.parts if isinstance(part, cst.FormattedStringExpression)
            )
        if kind in (cst.Tuple, cst.List, cst.Set):
            return any(self._changing(e.value, changing, static) for e in expr.elements)
        if kind is cst.Dict:
            return any(
                self._changing(e.key, changing, static) or self._changing(e.value, changing, static)
                for e in expr.elements if isinstance(e, cst.DictElement)
            )
        if kind in (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp):
            return self._changing(expr.for_in.iter, changing, static)  # elements bound from its own loop aside
        return any(self._changing(child, changing, static) for child in children(expr) if isinstance(child, cst.BaseExpression))

    def _binary_changing(self, expr: cst.BinaryOperation, changing: frozenset[str] | set[str], static: bool) -> bool:
        """Arithmetic on a new value is new, except a remainder or mask by a small literal
        (`i % 4`, `i & 3`: a few values); the difference or ratio of two new values (`end -
        start`, both stepped) may be constant, and says nothing."""
        if isinstance(expr.operator, (cst.Modulo, cst.BitAnd)) and _small(expr.right):
            return False
        left, right = self._changing(expr.left, changing, static), self._changing(expr.right, changing, static)
        if left and right:
            return not isinstance(expr.operator, (cst.Subtract, cst.Divide, cst.FloorDivide, cst.Modulo, cst.BitXor))
        return left or right

    def _item_changing(self, expr: cst.Subscript, changing: frozenset[str] | set[str], static: bool) -> bool:
        """An item or slice of a new value is new; an item of a literal table (`MODES[i % 3]`,
        `("a", "b")[i]`) is one of its few values; an item at a new index of any other
        container is new where the value is keyed whatever its type (`_changing`)."""
        if self._changing(expr.value, changing, static):
            return True
        if not static or self._literal_table(expr.value):
            return False
        parts = [
            part for element in expr.slice
            for part in ((element.slice.value,) if isinstance(element.slice, cst.Index) else (element.slice.lower, element.slice.upper))
        ]
        return any(part is not None and self._changing(part, changing, static) for part in parts)

    def _draws_a_number(self, expr: cst.Call) -> bool:
        """A host draw of one Python number from a continuous range (`StormTables.number_draws`:
        `random.random()`, `np.random.uniform()`; not `np.random.randn(3)`, an array, nor
        `size=`): a new value on every call."""
        if self._wide_integer_draw(expr):
            return True
        if not self.tables.number_draws:
            return False
        callee = self.analysis.resolve(expr.func)
        if callee not in self.tables.number_draws:
            return False
        sizing = self.tables.number_draws[callee]
        if sizing is None:
            return True
        if any(a.star or a.keyword is not None and a.keyword.value == "size" for a in expr.args):
            return False
        positional = sum(a.keyword is None for a in expr.args)
        return positional == 0 if sizing == -1 else positional <= sizing

    def _wide_integer_draw(self, expr: cst.Call) -> bool:
        """A host draw of one integer from a literal range of more than `_FEW_VALUES` values
        (`StormTables.integer_draws`: `np.random.randint(16, 128)`, `random.randint(64, 256)`,
        `rng.integers(8, 64)`, `random.randrange(1000)`; not `size=`, an array): a new value on
        most calls (run: 12 traces in 12 passes as a size or a static argument; `randint(0, 2)`,
        two values: 2)."""
        name = expr.func.attr.value if isinstance(expr.func, cst.Attribute) else ""
        callee = self.analysis.resolve(expr.func) or ""
        inclusive = self.tables.integer_draws.get(callee, self.tables.integer_draws.get(name))
        if inclusive is None or any(a.star or a.keyword is not None for a in expr.args):
            return False
        bounds = [literal_int(a.value) for a in expr.args]
        if not 1 <= len(bounds) <= 2 or None in bounds:
            return False
        low, high = (0, bounds[0]) if len(bounds) == 1 else bounds
        return high - low + inclusive > _FEW_VALUES  # type: ignore[operator]

    def _call_changing(self, expr: cst.Call, changing: frozenset[str] | set[str], static: bool) -> bool:
        """A call given a new value (or a method of one) returns a new value, unless it
        collapses it (`_collapses`), or is a module function none of whose returns computes
        with a parameter given one (`def constant(s): return 0.5`)."""
        args = expr.args
        given = any(self._changing(a.value, changing, static) for a in args)
        receiver = isinstance(expr.func, cst.Attribute) and self._changing(expr.func.value, changing, static)
        if not (given or receiver) or self._collapses(expr, changing, static):
            return False
        if isinstance(expr.func, cst.Name) and expr.func.value in self.analysis.index.functions:
            fn = self.analysis.index.functions[expr.func.value]
            given_new = {param for param, value in passed(expr, fn).items() if self._changing(value, changing, static)}
            return bool(given_new & self._returned_from(fn)[0])
        return True

    def _collapses(self, expr: cst.Call, changing: frozenset[str] | set[str], static: bool) -> bool:
        """Calls whose result takes a few values whatever their input: `bool`, `isinstance` and
        other predicates, `len` of what is not resized (`len((i, 2))`), `min`/`np.clip`/
        `torch.clamp` with a small literal upper bound, `.get` on a literal table."""
        callee = self.analysis.resolve(expr.func) or ""
        last = callee.rsplit(".", 1)[-1] or (expr.func.attr.value if isinstance(expr.func, cst.Attribute) else "")
        if callee in _PREDICATES:
            return True
        if callee == "len":
            arg = expr.args[0].value if expr.args else None
            each = Pass(frozenset(changing), frozenset(), frozenset(), frozenset(), "")
            return arg is None or self._resized(arg, each) is None
        if callee == "min" or last == "minimum":
            return any(_small(a.value) for a in expr.args)
        if last in _ROUNDINGS and len(expr.args) == 1 and self._logarithm(expr.args[0].value) or last == "bit_length":
            return True  # `math.ceil(math.log2(n))`, `n.bit_length()`: a power-of-two bucket
        if last in ("clip", "clamp", "clip_by_value"):
            positional = [a.value for a in expr.args if a.keyword is None]
            upper = [a.value for a in expr.args if a.keyword is not None and a.keyword.value in _UPPER_BOUNDS]
            return any(_small(v) for v in upper or positional[2:3])
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get" and self._literal_table(expr.func.value):
            return not any(self._changing(a.value, changing, static) for a in expr.args[1:])
        return self._few_valued_draw(expr, callee)

    def _few_valued_draw(self, expr: cst.Call, callee: str) -> bool:
        """A keyed draw whose values are a few (`StormTables.few_valued_draws`): `bernoulli`
        (a bool), `randint(key, shape, 0, 4)` (literal bounds at most `_FEW_VALUES` apart)."""
        bounds = self.tables.few_valued_draws.get(callee)
        if bounds is None:
            return False
        positional = [a.value for a in expr.args if a.keyword is None and not a.star]
        given = [literal_int(positional[i]) if i < len(positional) else None for i in bounds]
        return not given or None not in given and given[-1] - given[0] <= _FEW_VALUES  # type: ignore[operator]

    def _logarithm(self, expr: cst.BaseExpression) -> bool:
        """A call of a logarithm (`math.log2(n)`, `np.log10(n)`): rounded to an integer, it takes
        logarithmically many values, a handful over any run (under 64 for any 64-bit size)."""
        callee = self.analysis.resolve(expr.func) if isinstance(expr, cst.Call) else None
        return callee is not None and callee.rsplit(".", 1)[-1] in _LOGARITHMS

    def _literal_table(self, expr: cst.BaseExpression) -> bool:
        """A tuple, list or dict display, or a module-level name bound once to one."""
        if isinstance(expr, cst.Name):
            values = self.analysis.index.module_values.get(expr.value, [])
            expr = values[0] if len(values) == 1 else expr
        return isinstance(expr, (cst.Tuple, cst.List, cst.Dict))

    def _returned_from(self, fn: FunctionInfo) -> tuple[frozenset[str], frozenset[str]]:
        """(new, resized): the parameters of a module function some return of which computes a
        new value from them (`def schedule(s): return 0.1 * 0.9 ** s`), and those some return of
        which is an array whose shape is computed from them (`def batch(i): return jnp.ones((i
        + 1, 2))`): a call given a new value for one returns a new value, or an array of a new
        shape (`def constant(s): return 0.5` does neither). The function's summary, made once
        (recursion says nothing)."""
        if fn in self._returns:
            return self._returns[fn]
        self._returns[fn] = (frozenset(), frozenset())
        returns = [r for r in _returned_values(fn) if r is not None]
        new, resized = set(), set()
        for param in fn.params:
            each = self._derived(fn, Pass(frozenset({param.name}), frozenset(), frozenset(), frozenset(), ""))
            if any(self._changing(r, each.changing) for r in returns):
                new.add(param.name)
            if any(self._resized(r, each) is not None for r in returns):
                resized.add(param.name)
        self._returns[fn] = (frozenset(new), frozenset(resized))
        return self._returns[fn]

    def _pairs(self, node: cst.Assign) -> list[tuple[str, cst.BaseExpression]]:
        """(target, value) of each name or attribute (`state.step`, as written) an assignment
        binds to a value of its own: `a = v`, `obj.a = v`, and `a, b = v, w` element-wise."""
        if len(node.targets) != 1:
            return []
        pairs = element_pairs(node.targets[0].target, node.value)
        # a bare name is its own code: generating it was most of this method's cost
        return [(t.value if type(t) is cst.Name and not t.lpar else self._code(t), v) for t, v in pairs if isinstance(t, cst.Name) or _attribute_of_name(t)]

    def _new_object(self, expr: cst.BaseExpression, each: Pass) -> str | None:
        """What new object, hashed by identity, `expr` makes on each evaluation, or None."""
        made = self._factory_made(expr)
        if made is not None:
            return made
        if isinstance(expr, cst.Name):
            return "a new object each pass" if expr.value in each.fresh else None
        if isinstance(expr, cst.Call):
            cls = self._class_named(expr.func) or self._factory_class(expr.func)
            if cls is not None and not self._value_equality(cls):
                return f"a new '{cls.name}' object, hashed by identity"
            return None
        if isinstance(expr, cst.Attribute) and self._bound_method(expr):
            return "a new bound method"
        return None

    def _factory_class(self, func: cst.BaseExpression) -> ClassInfo | None:
        """The module class of which a call of `func` makes a new instance on every call: a
        module function, or a classmethod called through its class (`Cfg.default()`), without
        decorators (`functools.lru_cache` hands back one object), every `return` of which gives
        a call of that class (`return cls(4)` in the classmethod), directly or through the name
        it last bound to one (run: 8 calls of a jit static in `get_config()`, 8 traces)."""
        owner = self._class_named(func.value) if isinstance(func, cst.Attribute) else None
        fn = owner.methods.get(func.attr.value) if owner is not None else self._module_function(func)  # type: ignore[attr-defined]
        if fn is None or not isinstance(fn.node, cst.FunctionDef):
            return None
        decorators = [self.analysis.resolve(d.decorator) for d in fn.node.decorators]
        if decorators != (["classmethod"] if owner is not None else []):
            return None
        made: set[str] = set()
        for value in _returned_values(fn):
            value = _reaching_value(fn, value) if isinstance(value, cst.Name) else value
            if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name):
                return None
            if owner is not None and fn.params and value.func.value == fn.params[0].name:
                made.add(owner.name)
            elif value.func.value in self.analysis.index.classes:
                made.add(value.func.value)
            else:
                return None
        return self.analysis.index.classes[made.pop()] if len(made) == 1 else None

    def _factory_made(self, expr: cst.BaseExpression) -> str | None:
        """A new identity-hashed object no module class makes: a `lambda`, or a call of a
        `new_objects` factory (`optax.adam(lr)`)."""
        if type(expr) is cst.Lambda:
            return "a new lambda"
        callee = self.analysis.resolve(expr.func) if isinstance(expr, cst.Call) else None
        if callee is not None and "()." not in callee and any(callee == p or (p.endswith(".") and callee.startswith(p)) for p in self.tables.new_objects):
            # the factory itself: what a method of the object it made returns (`optim.init(
            # params)`, an optimizer state) is that library's data, a pytree of arrays
            return "a new object each call"
        return None

    def _built_around(self, expr: cst.BaseExpression, each: Pass) -> str | None:
        """How `expr`, an argument whose every non-array leaf is keyed (`equinox.filter_jit`),
        is an object made around a new one on every pass: a call given one (`dfx.ODETerm(
        vector_field)` with `vector_field` defined on each call), whose leaf is then new in the
        key; or None."""
        if not isinstance(expr, cst.Call):
            return None
        for arg in expr.args:
            made = self._new_object(arg.value, each)
            if made is not None:
                return f"'{self._code(expr)}' (built around '{self._code(arg.value)}', {made})"
        return None

    def _holding(self, expr: cst.BaseExpression, each: Pass) -> str | None:
        """How `expr` is an object built around a new factory-made one on every pass (a call
        given one, or a name the loop binds to such a call), or None. A module class's new
        instance is no such argument: `nnx.Optimizer(model, tx)` holds `model` as graph state."""
        if isinstance(expr, cst.Name):
            return "built around a new object each pass" if expr.value in each.holding else None
        if isinstance(expr, cst.Call):
            given = next((a.value for a in expr.args if self._factory_made(a.value) is not None), None)
            return f"built around '{self._code(given)}', a new object each call" if given is not None else None
        return None

    def _static_field_given(self, expr: cst.BaseExpression, each: Pass) -> str | None:
        """How `expr`, a pytree, holds in a field declared static (metadata, in the key by hash)
        a value new on every pass, or None: a call making one given such a value at that field's
        keyword (`TrainState.create(..., tx=optax.sgd(lr))`, `state.replace(tx=optax.adam(lr))`,
        `Holder(fn=lambda v: v)` of a flax.struct class of the module), or a name the loop binds
        to one. Static fields are those the module's pytree classes declare and
        `static_fields` lists for other libraries' (run: framework_runs.py
        jax_training_objects_rebuilt_per_pass: 6 traces in 6 passes each)."""
        if isinstance(expr, cst.Name):
            return "built around a new object each pass" if expr.value in each.static_held else None
        if not isinstance(expr, cst.Call):
            return None
        fields = self._static_fields_of(expr.func)
        for arg in expr.args:
            if arg.keyword is None or arg.keyword.value not in fields:
                continue
            what = self._new_value(arg.value, each, static=True)
            if what is not None:
                return f"its static field '{arg.keyword.value}' given {what}"
        return None

    def _static_fields_of(self, func: cst.BaseExpression) -> frozenset[str]:
        """The fields declared static of the pytree a call of `func` makes: a pytree class of the
        module (its dataclass fields), another library's (`static_fields`, also through a
        classmethod: `TrainState.create`), or, for `x.replace(...)` of a value of unknown class,
        any of those."""
        cls = self._class_named(func)
        if cls is not None:
            return frozenset(name for name, _, default in _fields(cls) if self._static_field(default)) if self._pytree_class(cls) else frozenset()
        callee = self.analysis.resolve(func) or ""
        for owner, names in self.tables.static_fields.items():
            if callee == owner or callee.startswith(owner + "."):
                return names
        if isinstance(func, cst.Attribute) and func.attr.value == "replace":
            return self._all_static_fields
        return frozenset()

    @cached_property
    def _all_static_fields(self) -> frozenset[str]:
        own = (
            name for cls in self.analysis.index.all_classes if self._pytree_class(cls)
            for name, _, default in _fields(cls) if self._static_field(default)
        )
        return frozenset(own).union(*self.tables.static_fields.values())

    def _class_named(self, func: cst.BaseExpression) -> ClassInfo | None:
        return self.analysis.index.classes.get(func.value) if type(func) is cst.Name else None

    def _value_equality(self, cls: ClassInfo) -> bool:
        if _VALUE_EQUALITY & set(cls.methods):
            return True
        for decorator in cls.node.decorators:
            expr = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
            if (self.analysis.resolve(expr) or "").endswith(_VALUE_CLASS_DECORATORS):
                return True
        return any((self.analysis.resolve(base) or "").endswith(_VALUE_CLASS_BASES) for base in cls.bases)

    def _bound_method(self, expr: cst.Attribute) -> bool:
        """`obj.f` of an object (not a module): a new bound method object on each access."""
        root: cst.BaseExpression = expr.value
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or root.value in self._imported:
            return False
        name = expr.attr.value
        return name in self.tables.bound_methods or any(name in cls.methods for cls in self.analysis.index.all_classes)

    # -- shapes --------------------------------------------------------------------------
    def _resized(self, expr: cst.BaseExpression, each: Pass) -> cst.BaseExpression | None:
        """The part of `expr` whose shape changes on every pass, or None. A size is computed
        from a new value where one is given in a shape-like position of any call (`_sized`),
        where a slice has one end moving (`x[:i]`), or where a Python sequence has a new length
        (`[f(j) for j in range(i)]`, `list(range(i))`); the shape is carried by a name bound to
        such an array, an attribute or a slice of one (`part.T`), arithmetic on one, and a call
        of an array library or a method given one (`jnp.concatenate([x, x[:i]])`), except a
        reduction (`jnp.sum`, `.mean()`: a scalar). A call of anything else given one returns a
        value of unknown type: it says nothing."""
        if not (each.changing or each.resized or each.varies):
            return None  # no new size to compute with, nor a resized array to carry
        if self._data_sized(expr, each):
            return expr
        kind = type(expr)
        if kind is cst.Name:
            return expr if expr.value in each.resized else None
        if kind is cst.Call:
            return self._sized(expr, each)
        if kind is cst.Subscript:
            if isinstance(expr.value, cst.Attribute) and expr.value.attr.value == "at":
                return None  # `x.at[:, k:]`: jax's indexed update, whose `.set(...)` is all of `x`
            if self._resizing_slice(expr, each):
                return expr
            sliced = any(isinstance(e.slice, cst.Slice) for e in expr.slice)
            return self._resized(expr.value, each) if sliced else None
        if kind is cst.Attribute:
            return None if expr.attr.value in _FIXED_ATTRIBUTES else self._resized(expr.value, each)
        if kind is cst.BinaryOperation:
            if self._padded_sequence(expr, each):
                return None
            if self._repeated(expr, each):
                return expr
            return self._resized(expr.left, each) or self._resized(expr.right, each)
        if kind is cst.UnaryOperation:
            return self._resized(expr.expression, each)
        if kind in (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp) and expr.for_in.inner_for_in is None and not expr.for_in.ifs:
            return expr if self._resized(expr.for_in.iter, each) is not None else None
        if kind is cst.Dict:  # a key new on every pass: a pytree of a new structure
            keys = (e.key for e in expr.elements if isinstance(e, cst.DictElement))
            return expr if any(self._changing(key, each.changing) for key in keys) else None
        if kind is cst.Tuple:  # `return positions, senders`: a pytree with a leaf of a new shape
            return next((r for e in expr.elements if isinstance(e, cst.Element) and (r := self._resized(e.value, each)) is not None), None)
        return None

    def _unpacked_resized(self, node: cst.Assign, each: Pass) -> set[str]:
        """The names a tuple target binds to the returned tuple's entries that are arrays of a
        new shape, where a call of a module function is given a new value (`positions, senders,
        receivers = graph(n_nodes, rng)`, mace_1590: each entry's shape is computed from
        `n_nodes`), entry by entry, as `_returned_from` reads a whole return."""
        target, value = node.targets[0].target if len(node.targets) == 1 else None, node.value
        if not isinstance(target, cst.Tuple) or not isinstance(value, cst.Call) or not each.changing:
            return set()
        fn = self._module_function(value.func)
        if fn is None:
            return set()
        given = frozenset(p for p, v in passed(value, fn).items() if self._changing(v, each.changing))
        inner = self._derived(fn, Pass(given, frozenset(), frozenset(), frozenset(), "")) if given else None
        found: set[str] = set()
        for returned in _returned_values(fn) if inner is not None else ():
            if isinstance(returned, cst.Tuple) and len(returned.elements) == len(target.elements):
                found |= {
                    t.value.value for t, r in zip(target.elements, returned.elements)
                    if isinstance(t.value, cst.Name) and self._resized(r.value, inner) is not None
                }
        return found

    def _data_sized(self, expr: cst.BaseExpression, each: Pass) -> bool:
        """An array whose length its values decide, computed from data that differs on each
        pass (`each.varies`, `each.changing`): a `data_sized` call not given `size=`
        (`np.nonzero(d < cutoff)`, `np.unique(tokens)`, `np.where(mask)` with the condition
        alone) or an item of its result (`np.nonzero(m)[0]`), and an array indexed by a boolean
        mask written in place (`x[x[:, 0] > t]`). Run (jax 0.10.2): 8 frames of 20 random
        points, 7 traces for the neighbour list `np.nonzero(d < 2.0)`, 4 for a masked array and
        for `np.unique`; a three-argument `np.where` keeps its shape: 1."""
        moving = each.varies | each.changing
        if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index):
            index = expr.slice[0].slice.value
            if isinstance(expr.value, cst.Call):
                return self._data_sized(expr.value, each)
            return _a_mask(index) and bool(_read_names(index) & moving)
        if not isinstance(expr, cst.Call) or any(a.keyword is not None and a.keyword.value == "size" for a in expr.args):
            return False
        callee = self.analysis.resolve(expr.func) or ""
        positional = [a.value for a in expr.args if a.keyword is None and not a.star]
        sized = callee in self.tables.data_sized or callee in self.tables.one_argument_sized and len(positional) == 1
        return sized and bool(positional) and bool(_read_names(positional[0]) & moving)

    def _padded_to_target(self, expr: cst.Call, callee: str, each: Pass) -> bool:
        """A pad of a resized array by a width that subtracts a new value (or the array's size)
        from a fixed one (`F.pad(x, (0, 16 - n))`, `np.pad(x, (0, MAX - len(x)))`): padding to a target,
        the fix ACC503 advises, whose result's shape is the target's (benchmarks/torch_docs d4,
        `dynamic=False`: one compile for ten sizes)."""
        if callee.rsplit(".", 1)[-1] != "pad" or not expr.args or self._resized(expr.args[0].value, each) is None:
            return False
        moving = each.changing | each.resized
        return any(
            isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Subtract)
            and _read_names(node.right) & moving and not _read_names(node.left) & moving
            for arg in expr.args[1:] for node in walk_all(arg.value)
        )

    def _padded_sequence(self, expr: cst.BinaryOperation, each: Pass) -> bool:
        """A sequence joined with a display repeated a fixed length less a new one (`xs + [0] *
        (N - len(xs))`): padding to a target, whose length is the target's, as `_padded_to_target`
        is for arrays."""
        if not isinstance(expr.operator, cst.Add):
            return False
        moving = each.changing | each.resized
        for part in (expr.left, expr.right):
            count = part.right if isinstance(part, cst.BinaryOperation) and isinstance(part.operator, cst.Multiply) else None
            if (
                isinstance(count, cst.BinaryOperation) and isinstance(count.operator, cst.Subtract)
                and isinstance(part.left, (cst.List, cst.Tuple))  # type: ignore[union-attr]
                and _read_names(count.right) & moving and not _read_names(count.left) & moving
            ):
                return True
        return False

    def _repeated(self, expr: cst.BinaryOperation, each: Pass) -> bool:
        """A list or tuple display repeated a new number of times (`[x] * (i + 1)`): a sequence,
        and so a pytree, of a new length."""
        if not isinstance(expr.operator, cst.Multiply):
            return False
        for sequence, count in ((expr.left, expr.right), (expr.right, expr.left)):
            if isinstance(sequence, (cst.List, cst.Tuple)) and self._changing(count, each.changing):
                return True
        return False

    def _sized(self, expr: cst.Call, each: Pass) -> cst.BaseExpression | None:
        """The resized part of a call's result (`_resized`): an array constructor keeps its
        argument's shape; a size is new in a `shape_makers` position, a shape-like keyword
        (`shape=`, `num=`, ...), a tuple or list of integers given an array function or a method
        (`random.normal(key, (500, i))`), any position of a
        shaping method (`x.reshape(-1, i)`, `x.repeat(i)`); an array operation keeps a resized
        operand's shape."""
        callee = self.analysis.resolve(expr.func) or ""
        if callee in self.tables.array_constructors and expr.args:
            return self._resized(expr.args[0].value, each)
        fn = self._module_function(expr.func)
        if fn is not None and each.changing:  # `batch(i)`: what its returns' shapes are computed from (`_returned_from`)
            resizing = self._returned_from(fn)[1]
            if resizing and any(p in resizing and self._changing(v, each.changing) for p, v in passed(expr, fn).items()):
                return expr
        method = expr.func.attr.value if isinstance(expr.func, cst.Attribute) else None
        if self._padded_to_target(expr, callee or method or "", each):
            return None
        if (callee.rsplit(".", 1)[-1] if callee else method) in _REDUCTIONS:
            return None
        arrays = callee.startswith(_ARRAY_LIBRARIES)
        positional = [a.value for a in expr.args if a.keyword is None and not a.star]
        sizes = [a.value for a in expr.args if a.keyword is not None and a.keyword.value in _SHAPE_KEYWORDS]
        if arrays or method is not None:
            sizes += [a for a in positional if isinstance(a, (cst.Tuple, cst.List)) and _integral(a)]
        if method in _SHAPE_METHODS and callee not in self.tables.shape_makers:
            sizes += positional
        shape = self.tables.shape_makers.get(callee)
        if shape is not None:
            positions, keywords = shape
            sizes += [a for i, a in enumerate(positional) if -1 in positions or i in positions]
            sizes += [a.value for a in expr.args if a.keyword is not None and a.keyword.value in keywords]
        if any(self._new_size(size, each.changing) for size in sizes) or self._lengthened(expr, each):
            return expr
        operands = positional if arrays else []
        if method is not None and not arrays:
            operands = [expr.func.value]  # a method of a resized array: `x[:i].astype(...)`
        for operand in operands:
            items = [e.value for e in operand.elements] if isinstance(operand, (cst.Tuple, cst.List)) else [operand]
            found = next((r for r in (self._resized(item, each) for item in items) if r is not None), None)
            if found is not None:
                return found
        return None

    def _lengthened(self, expr: cst.Call, each: Pass) -> bool:
        """A Python sequence whose length is new on every pass (a pytree of a new structure, or
        an array of a new shape once converted): `range(i)`, `range(i, n)` with one end moving,
        `list(...)`/`tuple(...)`/`sorted(...)`/`dict(...)` of one, `zip(...)` of such only."""
        callee = self.analysis.resolve(expr.func)
        args = [a.value for a in expr.args if a.keyword is None and not a.star]
        if callee in ("list", "tuple", "sorted", "reversed", "dict", "enumerate"):
            return len(args) == 1 and self._resized(args[0], each) is not None
        if callee == "zip":  # as long as the shortest: new when every one is
            return bool(args) and all(self._resized(a, each) is not None for a in args)
        if callee != "range" or not 1 <= len(args) <= 2:
            return False
        moving = [a for a in args if self._changing(a, each.changing)]
        fixed = [a for a in args if not (_names(a) & (each.rebound | each.changing))]
        return len(moving) == 1 and len(fixed) == len(args) - 1

    def _new_size(self, expr: cst.BaseExpression, changing: frozenset[str]) -> bool:
        if isinstance(expr, (cst.Tuple, cst.List)):
            return any(self._new_size(e.value, changing) for e in expr.elements if isinstance(e, cst.Element))
        return self._changing(expr, changing)

    def _resizing_slice(self, expr: cst.Subscript, each: Pass) -> bool:
        """A slice with one end that changes on every pass and one that stays put (absent, or
        naming nothing the loops rebind): `x[:i]`, `x[i:]`, `x[:, :t + 1]`."""
        for element in expr.slice:
            part = element.slice
            if isinstance(part, cst.Slice) and part.step is None:
                ends = [end for end in (part.lower, part.upper) if end is not None]
                moving = [end for end in ends if self._changing(end, each.changing)]
                # a draw (`x[:rng.integers(16, 200)]`) moves while naming nothing the loop binds
                fixed = [end for end in ends if end not in moving and not (_names(end) & (each.rebound | each.changing))]
                if len(moving) == 1 and len(fixed) == len(ends) - 1:
                    return True
        return False

    # -- identity ------------------------------------------------------------------------
    def _owned_changes(self) -> list[KeyChange]:
        """Calls `obj.attr(...)` of a compiled callable that `obj` owns, where `obj` is a new
        object on every pass (`Trainer(cfg).step(x)`, or `t = Trainer(cfg)` in the loop, then
        `t.step(x)` once on the pass; or made in a function the loop runs): a new instance
        brings a new callable (ACC501), or is itself a static argument hashed by identity
        (`self` of a method jitted with `static_argnums=0`: ACC502)."""
        found: list[KeyChange] = []
        if not self._owned:
            return found  # no object owns a compiled callable: no call through one
        callers = self._called_in_loops()
        for call, loops, scope, statement in self._attribute_calls:
            func: cst.Attribute = call.func  # type: ignore[assignment]
            obj = func.value
            cls = self._instance(obj, scope)
            owned = self._owned.get((cls, func.attr.value)) if cls is not None else None
            if owned is None:
                continue
            unbounded = [loop for loop in loops if not loop.bounded]
            where = "this loop" if unbounded else (callers.get(scope.fn) if scope.fn is not None else None)
            new_value = owned.static_self and self._new_value_each_pass(obj, cls, unbounded)  # type: ignore[arg-type]
            if where is None or not (new_value or self._new_each_pass(obj, func, cls, scope, unbounded)):  # type: ignore[arg-type]
                continue
            instance = f"'{self._code(obj)}' is a new '{cls.name}' object on each pass"  # type: ignore[union-attr]
            if new_value:
                found.append(KeyChange("ACC502", obj, f"static argument 'self' (hashed by its value; '{self._code(obj)}' is a new value on each pass)", func, where, statement))
            elif owned.static_self:
                found.append(KeyChange("ACC502", obj, f"static argument 'self' (hashed by identity; {instance})", func, where, statement))
            else:
                found.append(KeyChange("ACC501", call, f"{owned.what} once per object, and {instance}", owned.node, where, statement))
        return found

    def _new_value_each_pass(self, obj: cst.BaseExpression, cls: ClassInfo, unbounded: list[Loop]) -> bool:
        """`Cls(...)` of a class with value equality given a new value on every pass of a loop
        around (`Opt(0.1 * i)`): as a static argument it hashes by its fields, new on each pass."""
        return (
            bool(unbounded) and isinstance(obj, cst.Call) and self._value_equality(cls)
            and self._changing(obj, self._pass_of(tuple(unbounded), "").changing, static=True)
        )

    def _new_each_pass(self, obj: cst.BaseExpression, func: cst.Attribute, cls: ClassInfo, scope: _Scope, unbounded: list[Loop]) -> bool:
        """Whether the object `obj.attr(...)` runs on is new on every pass, and called once on
        it: `Cls(...)` itself; a name a loop binds to one and calls `obj.attr` on once on its pass
        (not in a nested loop: that reuses it); or, in a function a loop runs, a local (not a
        parameter) bound to one. A class with value equality is no new key."""
        if isinstance(obj, cst.Call):
            return self._new_object(obj, self._pass_of((), "")) is not None
        if not isinstance(obj, cst.Name):
            return False
        if unbounded:
            key = _attribute_key(func)
            loop = next((loop for loop in reversed(unbounded) if obj.value in loop.fresh), None)
            return loop is not None and len(loop.called.get(key, [])) == 1 and key not in loop.called_nested
        fn = scope.fn
        return (
            fn is not None and obj.value in scope.instances and obj.value not in {p.name for p in fn.params}
            and not self._value_equality(cls)
        )

    def _rewraps(self) -> list[_Rewrap]:
        """Wrapper applications on a new callable each pass, with the call on that pass that
        runs their result."""
        found: list[_Rewrap] = []
        if not self._candidates:
            return found
        callers = self._called_in_loops()
        scripted = self._called_in_loops(module_only=True)
        for c in self._candidates:
            if c.primitive and not (c.scope.fn is None or c.scope.fn in self._host_functions if c.loop is not None else c.scope.fn in scripted):
                continue
            loop = c.loop
            if loop is not None and loop.bounded and not self._invariant_in(c):
                if not isinstance(c.wrapped, cst.FunctionDef):
                    continue
                loop = None  # a decorated def is still made anew on each call of its function
            if loop is not None and c.result is not None and _made_once(c.result, c.node, loop.node):
                continue
            if loop is not None:
                names = loop.names_of(c.result) if c.result is not None else []
                calls = [self._called_at_once[id(c.node)]] if c.result is None else [call for n in names for call in loop.called.get(n, [])]
                if len(calls) == 1 and not loop.called_nested.intersection(names):
                    found.append(_Rewrap(c.node, calls[0], c.what, "this loop", c.statement, self._made_at(c)))
                elif not loop.bounded and not calls and c.result in loop.called_nested and self._configures_nothing(c, loop):
                    inner = next((
                        n for n in _nodes(loop.node, in_order=True) if isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value == c.result
                    ), None)  # None: only handed on in the inner loop (`measure(step)`)
                    if inner is not None:
                        found.append(_Rewrap(c.node, inner, c.what, "this loop", c.statement, self._made_at(c)))
            elif c.scope.fn is not None:
                call = self._called_at_once[id(c.node)] if c.result is None else self._call_of(c.result, c.scope)
                where = callers.get(c.scope.fn)
                if where is not None and call is not None and not _memo_made(c.scope.fn, c.node):
                    found.append(_Rewrap(c.node, call, c.what, where, c.statement, self._made_at(c)))
        return found

    def _made_at(self, c: _Candidate) -> cst.CSTNode | None:
        """Where a candidate's new identity is made, when it is a wrapper application written as
        a call (`f = jax.jit(lambda ...)`), or inside the project function such a call runs
        (`_inner_application`); None for a decorated `def`, whose finding stays at the call:
        the decorator and the `def` are two lines, and the reports disagree which marks it (the
        report corpus's energnn_75 labels the `def`, six others the decorator), where the call
        is one line."""
        wrapped = c.wrapped
        if isinstance(wrapped, cst.FunctionDef) and any(d.decorator is c.node for d in wrapped.decorators):
            return None
        return self._inner_application(c.node, c.scope) or c.node

    def _inner_application(self, node: cst.CSTNode, scope: _Scope) -> cst.Call | None:
        """The one marker application a project function of this module (`eval_func(closure)`,
        `self.eval_func(...)`, `cls.eval_func(...)`) makes on a function it defines itself, on
        every call (gpflow_2074: `tf.function(_tf_eval)`): a call of the project function makes
        its new compiled callable there, where caching it is written."""
        if not isinstance(node, cst.Call):
            return None
        func, fn = node.func, None
        if isinstance(func, cst.Name):
            fn = self._target_function(func, scope)
        elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and scope.fn is not None and scope.fn.cls is not None:
            if func.value.value in {p.name for p in scope.fn.params[:1]}:  # `self.f`, `cls.f`
                fn = scope.fn.cls.methods.get(func.attr.value)
        if fn is None or isinstance(fn.node, cst.Lambda):
            return None
        sites = [
            n for n in _nodes(fn.node.body) if isinstance(n, cst.Call) and n.args and isinstance(n.args[0].value, cst.Name)
            and n.args[0].value.value in fn.inner and self._applied(n) is not None
        ]
        return sites[0] if len(sites) == 1 else None

    def _configures_nothing(self, c: _Candidate, loop: Loop) -> bool:
        """Whether the callable a candidate wraps on each pass of an unbounded loop holds nothing
        the pass configures, so that the compile on each pass is waste even when an inner loop
        then reuses it: a transform's callable over the pass's primals (arrays: `_, pullback = jax.vjp(f, x)`,
        jax#282), or a callable reading nothing the loop binds (`jax.grad(g)`). One that closes
        over a value the pass binds (`partial(loss, scale=scale)`) is one compile per
        configuration, as a static argument would be (tests/test_rewrapped_per_outer_pass.py)."""
        wrapped = c.wrapped
        if isinstance(wrapped, cst.Name):
            return wrapped.value in loop.pullbacks
        return wrapped is not None and not (_read_names(wrapped) & loop.assigned)

    def _invariant_in(self, c: _Candidate) -> bool:
        """Whether the callable a candidate in a bounded loop wraps depends on nothing that loop
        binds (its target, the names its body assigns), in a loop of two or more passes: a new
        object made for nothing on each pass (a `partial` of the loop's value is one compile
        per configuration). A name the loop defines (`def f` in its body) is read through its
        definition."""
        wrapped = c.wrapped
        if c.loop is None or c.loop.single or wrapped is None:
            return False
        if isinstance(wrapped, cst.Name):
            wrapped = next((
                n for n in _nodes(c.loop.node, statements=True) if isinstance(n, cst.FunctionDef) and n.name.value == wrapped.value
            ), None)
            if wrapped is None:
                return False
        return not (_read_names(wrapped) & c.loop.assigned)

    # -- the walk ------------------------------------------------------------------------
    def _walk(self, node: cst.CSTNode, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        kind = type(node)
        if kind in _LEAVES:
            return
        if kind is cst.FunctionDef or kind is cst.Lambda:
            self._function(node, scope, loops, statement)
            return
        if kind is cst.ClassDef:
            for part in (*node.decorators, *node.bases, *node.keywords):
                self._walk(part, scope, loops, statement)
            self._walk(node.body, scope, (), statement)
            self._class_attributes(node, scope)
            return
        if kind is cst.For:
            self._walk(node.iter, scope, loops, statement)
            loop = self._loop(node, node.target, node.iter, node.body, scope)
            for outer in loops:
                outer.assigned |= loop.assigned
            inner = (*loops, loop)
            item = self._iterated_compiled(node.target, node.iter, scope)
            for part in (node.target, node.body):
                self._walk(part, scope, inner, statement)
            self._lengthens(node, loop, loops)
            if node.orelse is not None:
                self._walk(node.orelse, scope, loops, statement)
            _bind_target(node.target, scope, skip={item} if item is not None else frozenset())
            scope.strings.update((name, False) for name in _names(node.target))
            return
        if kind is cst.While:
            loop = self._loop(node, None, None, node.body, scope)
            inner = (*loops, loop)
            self._walk(node.test, scope, inner, statement)
            self._walk(node.body, scope, inner, statement)
            if node.orelse is not None:
                self._walk(node.orelse, scope, loops, statement)
            return
        if kind in (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp):
            inner = loops
            comp: cst.CompFor | None = node.for_in
            while comp is not None:
                self._walk(comp.iter, scope, inner, statement)
                inner = (*inner, self._loop(comp, comp.target, comp.iter, None, scope))
                for test in comp.ifs:
                    self._walk(test, scope, inner, statement)
                comp = comp.inner_for_in
            parts = (node.key, node.value) if kind is cst.DictComp else (node.elt,)
            for part in parts:
                self._walk(part, scope, inner, statement)
            return
        if kind in (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.NamedExpr) and (loops or kind is not cst.Assign):
            names = _target_names(node)  # (a plain assignment outside loops needs none of them)
            for loop in loops:
                loop.assigned |= names
            if kind is not cst.Assign:  # `n += 1`: no longer the literal it was bound to
                scope.literals.update((name, None) for name in names if name in scope.literals)
                scope.strings.update((name, False) for name in names)
        if kind is cst.Assign:
            self._assign(node, scope, loops)
        elif kind is cst.Call:
            if self._mapped(node):
                self._map(node, scope, loops, statement)
                return
            self._call(node, scope, loops, statement)
        self._walk_children(node, scope, loops, statement)

    def _class_attributes(self, node: cst.ClassDef, scope: _Scope) -> None:
        """A name the class body binds to a compiled callable (`mul = jax.jit(f)`, walked in
        `scope`) is that callable called through the class: `Steps.mul(x, k)`."""
        for line in node.body.body:
            for small in line.body if isinstance(line, cst.SimpleStatementLine) else ():
                if type(small) is cst.Assign and len(small.targets) == 1 and type(target := small.targets[0].target) is cst.Name:
                    if (jitted := scope.jitted.get(target.value)) is not None:
                        _bind_jitted(scope, f"{node.name.value}.{target.value}", jitted)

    def _walk_children(self, node: cst.CSTNode, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        """`_walk` of each child of `node`, in order: leaves skipped, and the nodes `_walk` only
        passes through (an argument, an attribute, a statement line: most of a module) entered
        here, so that `_walk` is called only where it has something to do (the same nodes in the
        same order as a call for every child: on the speed corpus, 565,000 calls of `_walk`, about
        60,000 of them at a node it does something at)."""
        stack = children(node)  # a new list each time
        stack.reverse()
        while stack:
            child = stack.pop()
            kind = type(child)
            if kind in _LEAVES:
                continue
            if kind in _DISPATCHED:
                self._walk(child, scope, loops, statement)
            elif (one := _ONE_CHILD.get(kind)) is not None:
                stack.append(getattr(child, one))
            elif kind in _BODIES:
                stack.extend(reversed(child.body))
            else:
                more = children(child)
                more.reverse()
                stack.extend(more)

    def _lengthens(self, node: cst.For, loop: Loop, loops: tuple[Loop, ...]) -> None:
        """An inner loop over a sequence of a new length on each outer pass (`for _ in range(i +
        1)`) leaves what it grows, or resizes, with a new size after it (`parts.append(x)`: a
        list, a pytree, of a new length): resized on the outer pass too."""
        outer = [o for o in loops if not o.bounded]
        if outer and loop.resized and self._resized(node.iter, self._pass_of(loops, "")) is not None:
            outer[-1].resized |= loop.resized

    def _mapped(self, node: cst.Call) -> bool:
        """A call of the builtin `map` with a function and iterables (no keywords, no stars)."""
        return (
            type(node.func) is cst.Name and node.func.value == "map" and len(node.args) >= 2
            and not any(a.keyword or a.star for a in node.args) and self.analysis.resolve(node.func) == "map"
        )

    def _map(self, node: cst.Call, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        """`map(f, xs)`: a loop over `xs` whose body calls `f` once per item, as `[f(x) for x in
        xs]` does (bounded where an iterable is a literal: map stops at the shortest). A lambda's
        body is walked as that comprehension's element; a function named, or a `partial` over
        one (made once, outside the loop), is called from the loop with the partial's arguments."""
        fn, iterables = node.args[0].value, [a.value for a in node.args[1:]]
        for iterable in iterables:
            self._walk(iterable, scope, loops, statement)
        shortest = next((i for i in iterables if self._bounded(i, scope)), iterables[0])
        receivers = _item_params(fn.params) if isinstance(fn, cst.Lambda) else []
        # one iterable into one parameter that takes an item (not `*items`): `for n in xs`'s `n`
        one = len(iterables) == 1 and len(receivers) == 1 and receivers[0] is not fn.params.star_arg  # type: ignore[union-attr]
        loop = self._loop(node, receivers[0].name if one else None, shortest, None, scope)
        inner = (*loops, loop)
        if isinstance(fn, cst.Lambda):
            loop.assigned |= {p.name.value for p in receivers}
            self._walk(fn.body, scope, inner, statement)
            return
        self._walk(fn, scope, loops, statement)
        callee, given = fn, ()
        if isinstance(fn, cst.Call) and fn.args and self.analysis.resolve(fn.func) in ("functools.partial", "partial"):
            callee, given = fn.args[0].value, tuple(fn.args[1:])
        target = self._called_function(callee, scope)
        if target is not None:  # the call each item makes, for what it passes (`passed`)
            self._host_calls.append((scope.fn, *target, cst.Call(func=callee, args=given), scope, inner))

    @cached_property
    def _rewrapped_defs(self) -> frozenset[cst.FunctionDef]:
        """The defs rebound to a jit-family wrapper applied to them (`f = jax.jit(f)`:
        ContextAnalysis.rewraps): their name is the compiled callable, their body runs only
        while tracing."""
        return frozenset(d for d, call in self.analysis.rewraps.items() if self._wrapper_applied(call) is not None)

    def _function(self, node: cst.FunctionDef | cst.Lambda, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        info = self.analysis.index.by_node.get(node)
        inner = self._scopes.setdefault(info, _Scope(info))
        inner.bound.update(p.name for p in (info.params if info is not None else ()))
        if scope.traced:
            inner.traced = True
        for param in (*node.params.params, *node.params.kwonly_params, *node.params.posonly_params):
            if param.default is not None:
                self._walk(param.default, scope, loops, statement)
        if isinstance(node, cst.Lambda):
            self._walk(node.body, inner, (), statement)
            return
        wrapped = False
        for decorator in node.decorators:
            self._walk(decorator.decorator, scope, loops, statement)
            jitted = self._decorated(decorator.decorator, info)
            if jitted is not None:
                wrapped = True
                _bind_jitted(scope, node.name.value, jitted)
                if info is not None and info.cls is not None:
                    self._own_method(info, jitted, decorator.decorator)
                    self._held[(info.cls, node.name.value)] = _through_object(jitted)
                if jitted.identity == "code" or scope.traced:
                    continue
                unbounded = [loop for loop in loops if not loop.bounded]
                if loops:  # a new function, wrapped anew, each pass (a bounded loop: `_invariant_in`)
                    self._candidates.append(_Candidate(
                        decorator.decorator, "a function defined in the loop", node.name.value, (unbounded or loops)[-1], scope,
                        statement, node,
                    ))
                elif scope.fn is not None:  # wrapped anew on each call of the function it is defined in
                    self._candidates.append(_Candidate(
                        decorator.decorator, f"'{node.name.value}', defined anew on each call", node.name.value, None, scope, statement, node,
                    ))
        wrapped = wrapped or node in self._rewrapped_defs
        if not wrapped:
            scope.bound.add(node.name.value)
        inner.traced = scope.traced or wrapped
        for loop in loops:
            loop.fresh.add(node.name.value)
        self._walk(node.body, inner, (), statement)

    def _loop(
        self, node: cst.CSTNode, target: cst.BaseAssignTargetExpression | None, iterable: cst.BaseExpression | None,
        body: cst.CSTNode | None, scope: _Scope,
    ) -> Loop:
        loop = Loop(node, bounded=iterable is not None and self._bounded(iterable, scope))
        loop.assigned |= _names(target) if target is not None else set()
        if loop.bounded:
            loop.single = self._passes(iterable, scope) <= 1  # type: ignore[arg-type]
            return loop
        if iterable is not None and isinstance(iterable, cst.Call):
            callee = self.analysis.resolve(iterable.func)
            if callee in ("range", "itertools.count") and isinstance(target, cst.Name):
                loop.changing.add(target.value)
            elif callee == "enumerate" and isinstance(target, cst.Tuple) and target.elements:
                first = target.elements[0].value
                if isinstance(first, cst.Name):
                    loop.changing.add(first.value)
                if len(target.elements) == 2 and iterable.args and self._distinct_display(iterable.args[0].value, scope):
                    loop.changing |= _names(target.elements[1].value)
        elif iterable is not None and target is not None and self._distinct_display(iterable, scope):
            loop.changing |= _names(target)  # ten literal batch sizes: a new one on each pass
        if iterable is not None:
            loop.varies |= _names(target) if target is not None else set()
        if body is not None:
            _steps(body, loop)
            _varying(body, loop)
            _grown(body, loop)
            self._joined(body, loop)
            self._split_keys(body, loop)
            self._retrain(body, scope)
        return loop

    def _split_keys(self, body: cst.CSTNode, loop: Loop) -> None:
        """Names the body rebinds from a key step of themselves (`key, sub =
        jax.random.split(key)`, `key = jax.random.split(key)[0]`, `key = jax.random.fold_in(key,
        1)`), with the names the same statement binds: a key chain, new on every pass, as a
        stepped counter is (added to the loop's changing names; what is drawn from them is new
        through `_changing`, unless the draw takes a few values: `_collapses`)."""
        if not self.tables.key_steps:
            return
        for node in _nodes(body, statements=True):
            if type(node) is not cst.Assign:
                continue
            step = node.value.value if type(node.value) is cst.Subscript else node.value
            if type(step) is not cst.Call or not step.args or type(step.args[0].value) is not cst.Name:
                continue
            names = _target_names(node)
            if step.args[0].value.value in names and self.analysis.resolve(step.func) in self.tables.key_steps:
                loop.changing |= names

    def _joined(self, body: cst.CSTNode, loop: Loop) -> None:
        """Names the body rebinds once, to themselves joined with more (`tokens =
        jnp.concatenate([tokens, nxt])`, `x = jnp.append(x, v)`, `rows = np.vstack([rows, r])`,
        `hist = hist + [x]`, `hist += [x]`): carried from pass to pass, one longer on each
        (added to the loop's resized names; run: 10 traces in 10 passes each, a window cut back
        after the join, `win = jnp.concatenate([win, v])[-4:]`, 1)."""
        bindings: dict[str, list[cst.BaseExpression | None]] = {}
        for node in _nodes(body):  # `hist.pop(0)`: a window, no longer on each pass
            if type(node) is cst.Call and type(node.func) is cst.Attribute and node.func.attr.value in _SHRINKING:
                bindings.setdefault(self._code(node.func.value), []).append(None)
        for node in _nodes(body, statements=True):
            if isinstance(node, cst.Assign):
                for name in _target_names(node):
                    single = len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name)
                    bindings.setdefault(name, []).append(node.value if single else None)
            elif isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name):
                added = isinstance(node.operator, cst.AddAssign) and isinstance(node.value, (cst.List, cst.Tuple)) and node.value.elements
                bindings.setdefault(node.target.value, []).append(cst.BinaryOperation(node.target, cst.Add(), node.value) if added else None)
        for name, values in bindings.items():
            if len(values) == 1 and values[0] is not None and self._joins_itself(name, values[0]):
                loop.resized.add(name)

    def _joins_itself(self, name: str, value: cst.BaseExpression) -> bool:
        """`value` is `name` joined with more: a `joins` call given it first (alone, or first in
        a sequence display), or `name + [...]` / `[...] + name` with a display."""
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
            sides = (value.left, value.right)
            return any(isinstance(a, cst.Name) and a.value == name and isinstance(b, (cst.List, cst.Tuple)) and bool(b.elements) for a, b in (sides, sides[::-1]))
        if not isinstance(value, cst.Call) or (self.analysis.resolve(value.func) or "") not in self.tables.joins or not value.args:
            return False
        first = value.args[0].value
        items = [e.value for e in first.elements] if isinstance(first, (cst.List, cst.Tuple)) else [first]
        return any(isinstance(item, cst.Name) and item.value == name for item in items)

    def _retrain(self, body: cst.CSTNode, scope: _Scope) -> None:
        """A framework object that keeps a compiled function it builds (`[[built_state]]`: Keras
        builds a model's train function at `fit`/`train_on_batch` and drops it at `compile()`),
        reset and stepped once (`steps`: `train_on_batch`) on each pass of an unbounded loop, not
        in a loop nested in it: a new compiled callable for each step, as a wrapper applied in
        the loop makes (a `fit` of many steps per pass amortises its trace)."""
        states = self.analysis.markers.built_state
        if scope.traced or not states or not self._resets_and_builds:
            return
        calls = list(_pass_calls(body, None))
        for state in states:
            resets = {c.func.value.value: c for c, _ in calls if c.func.attr.value in state.resets}  # type: ignore[attr-defined]
            for call, statement in calls:
                name, method = call.func.value.value, call.func.attr.value  # type: ignore[attr-defined]
                if method in state.steps and name in resets and self.analysis.types(call.func.value, scope.fn) & state.classes:  # type: ignore[attr-defined]
                    reset = resets[name]
                    self._retrained.append(_Rewrap(
                        reset, call, f"the train function '{name}.{method}' builds after each '{reset.func.attr.value}()' "  # type: ignore[attr-defined]
                        "(a new one on each pass)", "this loop", statement,
                    ))

    def _bounded(self, iterable: cst.BaseExpression, scope: _Scope) -> bool:
        """A literal collection (of numbers: at most `_MAX_BOUNDED_PASSES` of them) or a literal
        `range` of at most that many passes, also through `enumerate`/`zip` and names bound once
        to such literals: a display of numbers makes the passes a range of as many values makes
        (ten literal batch sizes are the same storm as `range(10)`: jax_803), where a display of
        anything else (modes, names, objects) is a set of configurations."""
        iterable = self._literal(iterable, scope) or iterable
        if type(iterable) in (cst.Tuple, cst.List, cst.Set, cst.Dict):
            return not _numbers(iterable) or self._passes(iterable, scope) <= _MAX_BOUNDED_PASSES
        if not isinstance(iterable, cst.Call) or any(a.keyword or a.star for a in iterable.args):
            return False
        callee = self.analysis.resolve(iterable.func)
        if callee in ("enumerate", "zip", "reversed", "sorted"):
            return bool(iterable.args) and any(self._bounded(a.value, scope) for a in iterable.args[:1 if callee != "zip" else None])
        if callee == "itertools.product":  # a grid of bounded sets (an autotuning sweep)
            return bool(iterable.args) and all(self._bounded(a.value, scope) for a in iterable.args)
        if callee == "range":
            values = [literal_int(self._literal(a.value, scope) or a.value) for a in iterable.args]
            if values and None not in values and len(values) <= 3:
                return len(range(*values)) <= _MAX_BOUNDED_PASSES  # type: ignore[arg-type]
        return False

    def _distinct_display(self, iterable: cst.BaseExpression, scope: _Scope) -> bool:
        """Whether `iterable` is a display (also through a name bound once to one) of numbers
        spelt each differently, as a range yields them: its loop's target is a new Python number
        on every pass (a display of arrays is not: `tf.constant(1.0)` keys by shape)."""
        iterable = self._literal(iterable, scope) or iterable
        if not isinstance(iterable, (cst.Tuple, cst.List, cst.Set)) or not _numbers(iterable):
            return False
        entries = [self._code(e.value) for e in iterable.elements if isinstance(e, cst.Element)]
        return len(entries) == len(iterable.elements) and len(set(entries)) == len(entries)

    def _passes(self, iterable: cst.BaseExpression, scope: _Scope) -> int:
        """How many passes a bounded loop over `iterable` makes, where it is a literal `range`
        or a display without starred items; else 2 (some number above one)."""
        iterable = self._literal(iterable, scope) or iterable
        if isinstance(iterable, (cst.Tuple, cst.List, cst.Set, cst.Dict)):
            elements = iterable.elements
            return 2 if any(isinstance(e, (cst.StarredElement, cst.StarredDictElement)) for e in elements) else len(elements)
        if isinstance(iterable, cst.Call) and self.analysis.resolve(iterable.func) == "range":
            values = [literal_int(self._literal(a.value, scope) or a.value) for a in iterable.args]
            if values and None not in values and len(values) <= 3:
                return len(range(*values))  # type: ignore[arg-type]
        return 2

    def _literal(self, expr: cst.BaseExpression, scope: _Scope) -> cst.BaseExpression | None:
        """The literal a name is bound to once, in its scope or the module (`N = 3`)."""
        if not isinstance(expr, cst.Name):
            return None
        current: _Scope | None = scope
        while current is not None:
            if expr.value in current.literals:
                return current.literals[expr.value]
            if expr.value in current.bound and current.fn is not None:
                return None
            current = self._scopes.get(current.fn.parent) if current.fn is not None else None
        values = self.analysis.index.module_values.get(expr.value, [])
        if len(values) != 1 or expr.value in self._resolving:
            return None
        self._resolving.add(expr.value)  # `a = zip(a)` names itself
        try:
            return values[0] if self._literal_value(values[0], self._scopes[None]) else None
        finally:
            self._resolving.discard(expr.value)

    def _literal_value(self, value: cst.BaseExpression, scope: _Scope) -> bool:
        """A value a name may stand for in a bound: an integer or a display (`_is_literal`), or a
        bounded iterable (`tuning = itertools.product((4, 8), (1024, 2048))`, `range(4)`)."""
        return _is_literal(value) or isinstance(value, cst.Call) and self._bounded(value, scope)

    def _own_method(self, method: FunctionInfo, jitted: Jitted, decorator: cst.CSTNode) -> None:
        """A decorated method whose compiled callable is each instance's own: a wrapper that
        keeps its cache in the object it makes (one per instance, through the descriptor), or
        a jit holding `self` static (hashed by identity, or by value where the class has value
        equality: new only where made from a new value, `_new_value_each_pass`)."""
        cls: ClassInfo = method.cls  # type: ignore[assignment]
        if jitted.identity == "wrapper":
            what = f"the method '{cls.name}.{method.name}' (keeping a cache per object)"
            self._owned[(cls, method.name)] = _Owned(decorator, what)
        elif jitted.identity == "function" and 0 in jitted.static_positions:
            self._owned[(cls, method.name)] = _Owned(decorator, "", static_self=True)

    def _own_attribute(self, target: cst.BaseExpression, application: cst.Call, scope: _Scope, marker: str, options: Options) -> None:
        """`self.attr = wrapper(c)` in `__init__` with `c` new per instance (a bound method
        `self.f`, a lambda, a local def; any callable for a wrapper that keeps its own cache):
        each instance owns a new compiled callable."""
        fn = scope.fn
        if not (
            fn is not None and fn.cls is not None and fn.name == "__init__"
            and isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == fn.instance_param
        ):
            return
        jitted = self._jitted(marker, options, None, application)
        wrapped = application.args[0].value
        if jitted.identity == "code":
            return
        what = self._fresh_callable(wrapped, scope, None)
        if what is None and jitted.identity == "wrapper":
            what = f"'{self._code(wrapped)}' (each {self._code(application.func)} object keeps its own cache)"
        if what is not None:
            self._owned[(fn.cls, target.attr.value)] = _Owned(application, f"{what} in '{fn.cls.name}.__init__'")

    def _hold_attribute(self, target: cst.BaseExpression, application: cst.Call, scope: _Scope, marker: str, options: Options) -> None:
        """`self.attr = wrapper(f, ...)` in a method: the object holds a compiled callable whose
        key is `f`'s (the parameters a bound method `self._m` is called with exclude `self`, so
        its static positions are taken as written)."""
        fn = scope.fn
        if not (
            fn is not None and fn.cls is not None and isinstance(target, cst.Attribute)
            and isinstance(target.value, cst.Name) and target.value.value == fn.instance_param
        ):
            return
        wrapped = application.args[0].value
        function = self._target_function(wrapped, scope) if isinstance(wrapped, cst.Name) else None
        self._held[(fn.cls, target.attr.value)] = self._jitted(marker, options, function, application)

    def _wrapper_applied(self, value: cst.BaseExpression) -> tuple[str, Options] | None:
        """The wrapper (`jax.jit`) and its options where `value` applies one to a callable."""
        found = self._applied(value) if isinstance(value, cst.Call) and value.args else None
        return (found[0].name, found[1]) if found is not None and found[0].name in self.tables.wrappers else None

    def _assign(self, node: cst.Assign, scope: _Scope, loops: tuple[Loop, ...]) -> None:
        # Each target bound to a wrapper application of its own: `a = jax.jit(f)`, and
        # element-wise `a, b = jax.jit(f), jax.jit(g)`.
        applications = [
            (target, value, found) for target, value in (element_pairs(node.targets[0].target, node.value) if len(node.targets) == 1 else ())
            if (found := self._wrapper_applied(value)) is not None
        ]
        for target, application, (marker, options) in applications:
            self._own_attribute(target, application, scope, marker, options)
            self._hold_attribute(target, application, scope, marker, options)
        self._object_attributes(node, scope)
        unbounded = [loop for loop in loops if not loop.bounded]
        if unbounded:
            each = self._pass_of(loops, "")
            for target, value in self._pairs(node):
                if self._resized(value, each) is not None:
                    unbounded[-1].resized.add(target)
                elif self._changing(value, each.changing):
                    unbounded[-1].changing.add(target)
            if self._data_sized(node.value, each):  # `senders, receivers = np.nonzero(d < cutoff)`
                unbounded[-1].resized |= _target_names(node)
            unbounded[-1].resized |= self._unpacked_resized(node, each)
            for target in node.targets:  # `hp["lr"] = value`
                if isinstance(target.target, cst.Subscript):
                    self._filled(target.target.value, (node.value,), loops, scope)
        jitted_names: set[cst.Name] = set()
        for target, application, (marker, options) in applications:
            if isinstance(target, cst.Name):
                _bind_jitted(scope, target.value, self._application(application, marker, options, scope, target.value))
                jitted_names.add(target)
        single = len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name)
        if single:
            self._bind_items_and_lambdas(node.targets[0].target.value, node.value, scope)  # type: ignore[attr-defined]
        held = self._denoted(node.value, scope) if single and not jitted_names and type(node.value) is not cst.Name else None
        if held is not None:  # `step = get()`, `g = partial(jitted, 1.0)`, `step = fns["a"]`
            _bind_jitted(scope, node.targets[0].target.value, held)  # type: ignore[attr-defined]
            jitted_names.add(node.targets[0].target)  # type: ignore[arg-type]
        if single and type(node.value) is cst.Name:  # `g = f`: `g` holds what `f` holds
            self._alias(node.targets[0].target, node.value.value, scope, loops, jitted_names)  # type: ignore[arg-type]
        for target in node.targets:
            _bind_target(target.target, scope, skip=jitted_names)
        for target, value in self._pairs(node):  # `model = Net()`, also `a, b = Net(), Net()`
            cls = self._class_named(value.func) if isinstance(value, cst.Call) else None
            if cls is not None:
                scope.instances[target] = cls
                for loop in loops:
                    loop.built[target] = value  # type: ignore[assignment]
        if not single:
            scope.strings.update((name, False) for name in _target_names(node))
            self._unpacked_callables(node, scope, loops)
            return
        name, value = node.targets[0].target.value, node.value  # type: ignore[attr-defined]
        scope.strings[name] = scope.strings.get(name, True) and _string(value)
        if scope.fn is not None:
            scope.literals[name] = value if name not in scope.literals and self._literal_value(value, scope) else None
        self._assigned_to[id(value)] = name
        if type(value) in (cst.Dict, cst.List, cst.Tuple):  # `fns = {"a": jax.jit(lambda ...)}`, called as `fns["a"](x)`
            for element in value.elements:  # type: ignore[attr-defined]
                if isinstance(element, (cst.DictElement, cst.Element)) and isinstance(element.value, cst.Call):
                    self._assigned_to[id(element.value)] = name + _ITEMS
        made = self._made_by(value, loops, scope)
        for bindings in [loop.made for loop in loops] or ([scope.made] if scope.fn is not None else []):
            if made is not None:
                bindings[name] = made
            else:
                bindings.pop(name, None)
        unbounded = [loop for loop in loops if not loop.bounded]
        made = self._fresh_callable(value, scope, unbounded[-1] if unbounded else None)
        if made is not None and scope.fn is not None:
            scope.callables[name] = made
        if unbounded:
            loop = unbounded[-1]
            each = self._pass_of(loops, "")
            if made is not None or self._new_object(value, each) is not None:
                loop.fresh.add(name)
            if self._holding(value, each) is not None:
                loop.holding.add(name)
            if self._static_field_given(value, each) is not None:
                loop.static_held.add(name)

    def _application(self, application: cst.Call, marker: str, options: Options, scope: _Scope, bound: str | None = None) -> Jitted:
        """The compiled callable a wrapper application makes, keyed through what it wraps.
        `bound`: the name it is bound to, whose attribute writes reach the wrapped module
        (`compiled.k = i`: 8 graphs in 10 calls, torch_compile_container_structure_per_pass)."""
        wrapped = application.args[0].value
        instance = self._instance(wrapped, scope)
        holders = [self._code(wrapped)] if isinstance(wrapped, cst.Name) else []
        jitted = self._jitted(
            marker, options, self._target_function(wrapped, scope), application, instance, (holders + [bound])[0],
        )
        if bound is not None and holders and jitted.guarded_globals:
            jitted = replace(jitted, guarded_globals=jitted.guarded_globals | {
                bound + read[len(holders[0]):] for read in jitted.guarded_globals if read.startswith(holders[0] + ".")})
        if instance is not None and jitted.identity == "function" and not (jitted.values_keyed or jitted.graph_static) and _without_hash(instance, self.analysis):
            # `jax.jit(obj)` hashes `obj` at the call (run: a non-frozen dataclass raises
            # `TypeError: unhashable type`, a class defining `__eq__` alone fails too; jax 0.10.2)
            jitted = replace(jitted, unhashable=f"a '{instance.name}' object, without __hash__")
        return jitted

    def _object_attributes(self, node: cst.Assign, scope: _Scope) -> None:
        """`box.step = jax.jit(f)` on a name other than a method's own object (whose attributes
        `_hold_attribute` keeps by class), and `fns[k] = jax.jit(f)`: `box.step`, or an item of
        `fns`, holds that compiled callable where the name's scope sees it; bound to anything
        else too, it holds none for sure."""
        if len(node.targets) != 1 or type(node.targets[0].target) is cst.Name:
            return  # (a name is its own one target: no attribute, no item; most assignments)
        own = scope.fn.instance_param if scope.fn is not None else None
        for target, value in element_pairs(node.targets[0].target, node.value):
            if type(target) is cst.Attribute and type(target.value) is cst.Name and target.value.value == own:
                self._keep(target.attr.value, value, scope)
                continue
            if type(target) is cst.Attribute and type(target.value) is cst.Name:
                key = _attribute_key(target)
            elif type(target) is cst.Subscript and type(target.value) is cst.Name:
                key = target.value.value + _ITEMS
            else:
                continue
            held = self._denoted(value, scope)
            if held is not None:
                _bind_jitted(scope, key, held)
            elif key.endswith(_ITEMS) and key in scope.jitted:
                scope.jitted[key] = None
            else:
                scope.bound.add(key)

    def _keep(self, attribute: str, value: cst.BaseExpression, scope: _Scope) -> None:
        """`self.step_fn = step_fn` in a method, `step_fn` its parameter: the object keeps what
        the method is given (`_kept`); bound to anything else too, nothing for sure."""
        key = (scope.fn.cls, attribute)  # type: ignore[union-attr]
        param = isinstance(value, cst.Name) and any(p.name == value.value for p in scope.fn.params)  # type: ignore[union-attr]
        self._kept[key] = (value, scope) if param and key not in self._kept else None  # type: ignore[assignment]

    def _bind_items_and_lambdas(self, name: str, value: cst.BaseExpression, scope: _Scope) -> None:
        """`fns = [jax.jit(f), jax.jit(g)]` (a list, tuple or dict display whose every item is
        a compiled callable of one key): an item of `fns` is that compiled callable (`fns[k](x)`,
        `for fn in fns`); `go = lambda v: step(v, 2)`: a call of `go` runs the lambda. Bound to
        anything else too, the name holds neither for sure."""
        items = name + _ITEMS
        item = self._items_compiled(value, scope) if type(value) in (cst.List, cst.Tuple, cst.Dict) else None
        if item is not None:
            _bind_jitted(scope, items, item)
        elif items in scope.jitted and not (isinstance(value, (cst.List, cst.Tuple, cst.Dict)) and not value.elements):
            scope.jitted[items] = None  # (an empty display holds no item: `fns = {}` then `fns[k] = jax.jit(f)`)
        if type(value) is cst.Lambda:
            scope.lambdas[name] = self.analysis.index.by_node.get(value) if name not in scope.lambdas else None
        elif name in scope.lambdas:
            scope.lambdas[name] = None

    def _items_compiled(self, display: cst.List | cst.Tuple | cst.Dict, scope: _Scope) -> Jitted | None:
        """The compiled callable every item of a display is (one key for all), or None."""
        if not display.elements or any(isinstance(e, (cst.StarredElement, cst.StarredDictElement)) for e in display.elements):
            return None
        found = [self._denoted(e.value, scope) for e in display.elements]  # type: ignore[union-attr]
        return found[0] if found[0] is not None and all(f == found[0] for f in found) else None

    def _iterated_compiled(self, target: cst.BaseAssignTargetExpression, iterable: cst.BaseExpression, scope: _Scope) -> cst.Name | None:
        """`for fn in fns` over a container of compiled callables (`_bind_items_and_lambdas`;
        also `fns.values()`, and `fn` of `for k, fn in fns.items()` or `enumerate(fns)`): binds
        the name to that compiled callable and gives it, or None."""
        held, name = iterable, target
        if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Attribute) and iterable.func.attr.value in ("values", "items") and not iterable.args:
            held = iterable.func.value
            pair = iterable.func.attr.value == "items"
        else:
            pair = isinstance(iterable, cst.Call) and len(iterable.args) == 1 and self.analysis.resolve(iterable.func) == "enumerate"
            held = iterable.args[0].value if pair else iterable  # type: ignore[union-attr]
        if pair:
            name = target.elements[1].value if isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == 2 else None  # type: ignore[assignment]
        if not (isinstance(held, cst.Name) and isinstance(name, cst.Name)):
            return None
        item = self._lookup(held.value + _ITEMS, scope, held.value)
        if item is None:
            return None
        _bind_jitted(scope, name.value, item)
        return name

    def _alias(self, target: cst.Name, name: str, scope: _Scope, loops: tuple[Loop, ...], jitted_names: set[cst.Name]) -> None:
        """`target = name`: the alias calls the compiled callable `name` holds (its key is looked
        up as the callable's), and a callable each pass makes anew is called through it."""
        jitted = self._lookup(name, scope)
        if jitted is not None:
            _bind_jitted(scope, target.value, jitted)
            jitted_names.add(target)
        for loop in loops:
            loop.aliases[target.value] = loop.aliases.get(name, name)

    def _unpacked_callables(self, node: cst.Assign, scope: _Scope, loops: tuple[Loop, ...]) -> None:
        """`_, pullback = jax.vjp(f, x)`: the name unpacked from a transform's new callable
        (`callable_results`) is a new callable on every pass, and on every call of the function."""
        target = node.targets[0].target if len(node.targets) == 1 else None
        value = node.value
        if not (isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, cst.Call)):
            return
        callee = self.analysis.resolve(value.func)
        position = self.tables.callable_results.get(callee) if callee is not None else None
        if position is None or position >= len(target.elements) or any(isinstance(e, cst.StarredElement) for e in target.elements):
            return
        name = target.elements[position].value
        if not isinstance(name, cst.Name):
            return
        made = f"the callable '{callee}(...)' returns (a new one on each call)"
        if scope.fn is not None:
            scope.callables[name.value] = made
        unbounded = [loop for loop in loops if not loop.bounded]
        if unbounded:
            unbounded[-1].fresh.add(name.value)
            unbounded[-1].pullbacks.add(name.value)

    def _call(self, node: cst.Call, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        if type(node.func) is cst.Call:
            self._called_at_once[id(node.func)] = node
        elif type(node.func) is cst.Attribute and type(node.func.value) is cst.Call and node.func.attr.value in self.tables.lowering:
            self._called_at_once[id(node.func.value)] = node  # `jax.jit(f).lower(x)` traces it as a call would
        if scope.traced:  # runs once per trace: no compiled call here is made per pass of a host loop
            return
        unbounded = [loop for loop in loops if not loop.bounded]
        found = self._applied(node)
        wrapper = found is not None and found[0].name in self.tables.wrappers and bool(node.args)
        if type(node.func) is cst.Attribute and type(node.func.value) is cst.Name and node.func.attr.value in self._in_place_tails:
            self._compile_in_place(node, node.func.value, scope)
        # Uses of a name on this pass: calls, and hand-overs (`measure(kernel_fn)` runs it too);
        # a wrapper applied to a name only makes a new callable of it. (Kept by the loops around.)
        used = [node.func.value] if loops and type(node.func) is cst.Name else []
        if loops and type(node.func) is cst.Attribute and type(node.func.value) is cst.Name:
            used.append(_attribute_key(node.func))  # `t.step(x)`: a method of an object made on the pass
        if loops and type(node.func) is cst.Subscript and type(node.func.value) is cst.Name:
            used.append(node.func.value.value + _ITEMS)  # `fns["a"](x)`: an item of a display the pass made
        if loops and not wrapper:
            used += [arg.value.value for arg in node.args if type(arg.value) is cst.Name]
        for name in used:
            loops[-1].called.setdefault(name, []).append(node)
            for loop in loops[:-1]:
                loop.called_nested.add(name)
        if unbounded and isinstance(node.func, cst.Attribute) and node.func.attr.value in _FILLING:
            self._filled(node.func.value, node.args, loops, scope)
        target = self._called_function(node.func, scope)
        if target is not None:
            self._host_calls.append((scope.fn, *target, node, scope, loops))
            if loops:
                self._handed_to_run(node, *target)
        if wrapper:
            # the innermost unbounded loop, else a bounded one (a storm there only when what is
            # wrapped reads nothing the loop binds: `_invariant_in`)
            loop = (unbounded or loops or (None,))[-1]
            identity = self._jitted(found[0].name, found[1], None, node).identity  # type: ignore[index]
            if identity != "code":
                owner = self.analysis.module.code_for_node(node.func) if identity == "wrapper" else ""
                what = self._fresh_callable(node.args[0].value, scope, loop, owner)
                called = id(node) in self._called_at_once
                if what is not None and (called or id(node) in self._assigned_to):
                    self._candidates.append(_Candidate(
                        node, what, None if called else self._assigned_to[id(node)], loop, scope, statement, node.args[0].value,
                    ))
        elif type(node.func) is cst.Name and not self._shadowed(node.func.value, scope) and self._makes_compiled(node.func.value):
            # `train_step()(x)`, `step = make_step(lr)`: a new compiled callable, as a wrapper
            # applied here would make (a bounded loop: `_invariant_in` reads the call's arguments)
            called = id(node) in self._called_at_once
            if called or id(node) in self._assigned_to:
                self._candidates.append(_Candidate(
                    node, f"the compiled callable '{self._code(node)}' makes (a new one on each call)",
                    None if called else self._assigned_to[id(node)], (unbounded or loops or (None,))[-1], scope, statement, node,
                ))
        elif (entry := self._entry_point(node.func)) is not None:
            self.calls.append(JittedCall(node, node.func, tuple(node.args), entry, loops, scope, statement))
        elif type(node.func) is cst.Attribute and node.func.attr.value in self._method_tails and (method := self._compiled_method(node, scope)) is not None:
            self.calls.append(JittedCall(node, node.func, tuple(node.args), method, loops, scope, statement))
        elif found is not None and self._compiles_functions(found[0].name):
            # the primitive, or a function that hands its callable parameter to one (the
            # wrapper inference maps the marker's positions onto that function's parameters)
            self._compiled_at_once(node, found[0], scope, loops, statement)
        # every named call, module level included: an unhashable static argument needs no loop;
        # and a call of what another call gives back (`make()(x)`, `partial(jax.jit(f), b=1)(x)`)
        if type(node.func) in (cst.Name, cst.Subscript) or self.analysis.resolve(node.func) in self.tables.callers or (
            type(node.func) is cst.Call and node.func.args and type(node.func.args[0].value) is cst.Name
            and self._transformed(node.func, node.func.args[0].value.value)
        ) or type(node.func) is cst.Call and self._applied(node.func) is None or _got_from(node.func) is not None:
            self._pending.append((node, loops, scope, statement))
        elif (unbounded or scope.fn is not None) and isinstance(node.func, cst.Attribute):
            self._attribute_calls.append((node, loops, scope, statement))

    @cached_property
    def _in_place_tails(self) -> frozenset[str]:
        """The method names of the markers that compile their object in place (`compile`)."""
        return frozenset(name.rsplit(".", 1)[-1] for name in self.tables.compiles_in_place)

    def _compile_in_place(self, node: cst.Call, obj: cst.Name, scope: _Scope) -> None:
        """`model.compile()`: the instance `obj` names (of a module class) is a compiled module from
        here on, keyed as `torch.compile(model)` keys it (its `forward`'s guards included), where the
        scope binding the name calls it."""
        found = self.analysis.applied_marker(node, scope.fn)  # the receiver's class, looked up where it is bound
        instance = self._instance(obj, scope) if found is not None and found[0].name in self.tables.compiles_in_place else None
        if instance is not None:
            jitted = self._jitted(found[0].name, found[1], None, node, instance, obj.value)  # type: ignore[index]
            owner = self._binding_scope(obj.value, scope)
            self._in_place[(owner.fn, obj.value)] = jitted

    def _binding_scope(self, name: str, scope: _Scope) -> _Scope:
        """The scope around `scope` (itself included) that binds `name`, else the module's."""
        current: _Scope | None = scope
        while current is not None and current.fn is not None:
            if name in current.bound:
                return current
            current = self._scopes.get(current.fn.parent)
        return self._scopes[None]

    def _handed_to_run(self, node: cst.Call, fn: FunctionInfo, skipped: int) -> None:
        """A wrapper application `node` gives a module function `fn` whose body calls that
        parameter once, in no loop of its own, is run on the pass that made it, by that call
        (`epoch(jax.jit(lambda v: ...), x)`): as one called at once. One `fn` calls in a loop of
        its own is reused there, one it only keeps is not run."""
        for name, given in passed(node, fn, bound=skipped > 0).items():
            found = self._applied(given) if isinstance(given, cst.Call) else None
            if found is None or found[0].name not in self.tables.wrappers:
                continue
            calls = [n for n in _nodes(fn.node) if type(n) is cst.Call and type(n.func) is cst.Name and n.func.value == name]
            looping = [n for n in _nodes(fn.node) if isinstance(n, (cst.For, cst.While, cst.CompFor))]
            if len(calls) == 1 and not any(calls[0] in set(_nodes(loop)) for loop in looping):
                self._called_at_once[id(given)] = calls[0]

    def _filled(self, container: cst.BaseExpression, given: Iterable[cst.Arg | cst.BaseExpression], loops: tuple[Loop, ...], scope: _Scope) -> None:
        """A container the pass puts a new value in (`dims.append(i + 1)`, `opts.extend([i])`,
        `hp["lr"] = 0.1 / (i + 1)`; not an array, keyed by its shape where a Python value is by
        value: `_an_array`) holds a new value from then on: new on every pass of the innermost
        unbounded loop, as a display of that value would be."""
        if not isinstance(container, cst.Name):
            return
        changing = self._pass_of(loops, "").changing
        values = [v.value if isinstance(v, cst.Arg) else v for v in given]
        if any(self._changing(v, changing) and not self._an_array(v, loops, scope) for v in values):
            [loop for loop in loops if not loop.bounded][-1].changing.add(container.value)

    def _compiled_at_once(self, node: cst.Call, marker: Marker, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        """A primitive called from host code that compiles the functions it is given (`lax.scan(f,
        ...)`): a compiled callable keyed by each function's identity, applied and called at
        once. Given a callable new on each pass (a branch of a list, `lax.switch(i, [f, g],
        x)`, counts), it is a candidate as `jax.jit(f)(x)` is; one that wraps what it is given
        anew on every call (`compiles_every_call`: `lax.map`) is one whatever it is given.
        These primitives are written mostly in functions something traces (a model's layers, an
        environment's `step`, jitted by a caller in another module): a call in a function any
        trace reaches is skipped, and the rest count only where a loop at module level runs
        them (`primitive`): on the real-code benchmark, loops inside functions added 28
        findings, most in code traced from elsewhere."""
        fn = scope.fn
        while fn is not None:
            if fn.contexts:
                return
            fn = fn.parent
        every = marker.name in self.analysis.markers.framework({marker.name}).cache_key.compiles_every_call
        loop = ([loop for loop in loops if not loop.bounded] or loops or (None,))[-1]
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        given = [positional[i] for i in marker.fun if i < len(positional)]
        given += [a.value for a in node.args if a.keyword is not None and a.keyword.value in marker.keywords]
        for value in given:
            for one in [e.value for e in value.elements] if isinstance(value, (cst.List, cst.Tuple)) else [value]:
                what = self._fresh_callable(one, scope, loop)
                if what is None and every:
                    what = f"'{self._code(one)}' in a closure '{marker.name}' makes on each call"
                if what is not None:
                    self._called_at_once[id(node)] = node
                    self._candidates.append(_Candidate(node, what, None, loop, scope, statement, one, primitive=True))
                    return

    def _entry_point(self, func: cst.BaseExpression) -> Jitted | None:
        """The compiled callable `func` names when it is a library's compiled entry point
        (`dfx.diffeqsolve`, `[compiled]` of a library table): a function defined under a
        jit-family decorator, keyed as that decorator keys (no options: the library applied it
        bare), or None."""
        tail = func.value if type(func) is cst.Name else func.attr.value if type(func) is cst.Attribute else None
        if tail not in self._entry_tails:
            return None
        wrapper = self.analysis.markers.compiled.get(self.analysis.resolve(func) or "")
        return self._jitted(wrapper, Options(), None, func) if wrapper is not None else None

    def _compiled_method(self, call: cst.Call, scope: _Scope) -> Jitted | None:
        """The compiled callable `obj.method(...)` calls when `obj` is an instance of a library
        class whose `method` is compiled (`[compiled_methods]`: numpyro's `mcmc.run(key, y)`),
        keyed by value on the arguments the data name (the instance keeps the cache: identity
        "instance"), or None; None too where a constructor of `obj` in the module was given the
        keyword that keys none of them (`MCMC(..., jit_model_args=True)`)."""
        func: cst.Attribute = call.func  # type: ignore[assignment]
        methods = self.analysis.markers.compiled_methods
        for cls in self.analysis.types(func.value, scope.fn):
            method = methods.get(f"{cls}.{func.attr.value}")
            if method is None:
                continue
            if method.unless and self._made_with(func.value, method.unless, scope):
                return None
            positional = sum(a.keyword is None and not a.star for a in call.args)
            keywords = {a.keyword.value for a in call.args if a.keyword is not None}
            return Jitted(
                f"{cls}.{func.attr.value}", identity="instance", shapes_keyed=False,
                static_positions=frozenset(range(method.keyed_from, positional)), static_names=frozenset(keywords - method.unkeyed),
            )
        return None

    def _made_with(self, obj: cst.BaseExpression, keyword: str, scope: _Scope) -> bool:
        """Whether a call binding the name `obj` in its function or at module level passes
        `keyword` anything but a literal False (an unknown object: False)."""
        if not isinstance(obj, cst.Name):
            return False
        where = scope.fn.node.body if scope.fn is not None else self.analysis.module  # type: ignore[union-attr]
        values = [v for n in _nodes(where, statements=True) if isinstance(n, cst.Assign) for t, v in self._pairs(n) if t == obj.value]
        values += self.analysis.index.module_values.get(obj.value, [])
        return any(
            isinstance(v, cst.Call) and any(
                a.keyword is not None and a.keyword.value == keyword and not (isinstance(a.value, cst.Name) and a.value.value == "False")
                for a in v.args
            )
            for v in values
        )

    def _fresh_callable(self, expr: cst.BaseExpression, scope: _Scope, loop: Loop | None, owner: str = "") -> str | None:
        """What new callable `expr` makes on each evaluation, or None (a module-level
        function is the same object every time, and jit caches on it; `owner`: the wrapper as
        written, when it keeps its cache in the object it returns instead)."""
        if type(expr) is cst.Lambda:
            return "a lambda"
        if isinstance(expr, cst.Call):
            callee = self.analysis.resolve(expr.func)
            if callee in ("functools.partial", "partial"):
                return "functools.partial(...)"
            marker = self.analysis.markers.get(callee)
            if marker is not None and marker.kind in (DIFFERENTIATED, VMAPPED):
                return f"'{callee}(...)'"
            if isinstance(expr.func, cst.Name) and not self._shadowed(expr.func.value, scope) and self._makes_callables(expr.func.value):
                return f"the callable '{self._code(expr)}' makes (a new one on each call)"
            made = self._factory_made(expr)
            return f"'{self._code(expr)}' ({made})" if made is not None else None
        if isinstance(expr, cst.Name):
            if loop is not None and expr.value in loop.fresh:
                return f"'{expr.value}', defined anew on each pass"
            if loop is None and scope.fn is not None and expr.value in scope.fn.inner:
                return f"the local function '{expr.value}'"
            if loop is None and expr.value in scope.callables:
                return scope.callables[expr.value]
            if owner:
                return f"'{expr.value}' (each {owner} object keeps its own cache)"
            return None
        if isinstance(expr, cst.Attribute) and self._bound_method(expr):
            return f"the bound method '{self._code(expr)}' (a new object on each access)"
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
            # a function an object made anew holds: `net.apply` of `net = hk.transform(f)`
            owner = expr.value.value
            if (owner in loop.fresh) if loop is not None else (owner in scope.callables):
                return f"'{self._code(expr)}', held by an object made anew on each pass"
        return None

    def _makes_callables(self, name: str) -> bool:
        """A module function whose every `return` gives a callable it makes anew on each call: a
        `lambda`, a function defined in its body, or `functools.partial(...)`."""
        fn = self.analysis.index.functions.get(name)
        if fn is None or isinstance(fn.node, cst.Lambda) or self._memoised(fn):
            return False
        returns = _returned_values(fn)
        return bool(returns) and all(self._made_anew(r, fn) for r in returns)

    def _memoised(self, fn: FunctionInfo) -> bool:
        """Whether a memoizing decorator (`[storms] memoizers`: `functools.lru_cache`) wraps
        `fn`: it hands back one result per arguments, so what `fn` makes is made once."""
        return isinstance(fn.node, cst.FunctionDef) and any(
            self.analysis.resolve(_decorator_callee(d.decorator)) in self.tables.memoizers for d in fn.node.decorators
        )

    def _made_anew(self, expr: cst.BaseExpression | None, fn: FunctionInfo) -> bool:
        """Whether `expr`, evaluated in `fn`, is a callable made on each call of it: a `lambda`,
        a function defined in its body, or `functools.partial(...)`."""
        return isinstance(expr, cst.Lambda) or (isinstance(expr, cst.Name) and expr.value in fn.inner) or (
            isinstance(expr, cst.Call) and self.analysis.resolve(expr.func) in ("functools.partial", "partial")
        )

    def _makes_compiled(self, name: str) -> bool:
        """A module function whose every `return` gives a compiled callable made on that call:
        a function defined in its body under a wrapper keyed by the function object
        (`@tf.function def step`, `return step`), or such a wrapper applied there to a callable
        the call makes (`return jax.jit(lambda p: ...)`, also through a name bound to it)."""
        if name not in self._compiled_makers:
            fn = self.analysis.index.functions.get(name)
            self._compiled_makers[name] = fn is not None and not isinstance(fn.node, cst.Lambda) and not self._memoised(fn) and self._returns_compiled(fn)
        return self._compiled_makers[name]

    def _shadowed(self, name: str, scope: _Scope) -> bool:
        """Whether a function around `scope` binds `name` itself (a parameter: a pytest test
        given the fixture of that name; a local function or binding), so that a call of it is
        not a call of the module's function of that name."""
        if scope.fn is not None and name in scope.bound:
            return True
        fn = scope.fn
        while fn is not None:
            if name in fn.inner or any(p.name == name for p in fn.params):  # (the index's, of every parameter)
                return True
            fn = fn.parent
        return False

    def _returns_compiled(self, fn: FunctionInfo) -> bool:
        """Whether every `return` of `fn` gives a compiled callable it makes (`_compiled_anew`),
        also through a name its body binds to one (the binding that reaches the `return`), and
        makes it on each call, not once per holder (`_memo_made`: `if _STEP is None: _STEP =
        jax.jit(...)`, then `return _STEP`). Only a
        name or a call can be one, so the body's bindings are read only when every return is
        one of those (most functions return neither)."""
        returns = _returned_values(fn)
        if not returns or not all(isinstance(r, (cst.Name, cst.Call)) for r in returns):
            return False
        made = [_reaching_value(fn, r) or r if isinstance(r, cst.Name) else r for r in returns]
        return all(self._compiled_anew(m, fn) for m in made) and not any(_memo_made(fn, m) for m in made)

    def _compiled_anew(self, expr: cst.BaseExpression | None, fn: FunctionInfo) -> bool:
        """Whether `expr`, returned by `fn`, is a compiled callable `fn` makes on each call."""
        if isinstance(expr, cst.Name) and expr.value in fn.inner:
            inner = fn.inner[expr.value].node
            return isinstance(inner, cst.FunctionDef) and any(
                (jitted := self._decorated(d.decorator, None)) is not None and jitted.identity != "code" for d in inner.decorators
            )
        if not (isinstance(expr, cst.Call) and expr.args):
            return False
        found = self.analysis.applied_marker(expr)
        if found is None or found[0].name not in self.tables.wrappers:
            return False
        identity = self._jitted(found[0].name, found[1], None, expr).identity
        # a wrapper keeping its cache in the object it returns (`tf.function`) makes a new one
        # whatever it wraps; one keyed by the function (`jax.jit`) only of a callable made here
        return identity == "wrapper" or identity != "code" and self._made_anew(expr.args[0].value, fn)

    def _decorated(self, decorator: cst.BaseExpression, fn: FunctionInfo | None) -> Jitted | None:
        """What a jit-family decorator compiles `fn` as; None for any other decorator."""
        found = self.analysis.decorator_marker(decorator)
        if found is None or found[0].name not in self.tables.wrappers:
            return None
        return self._jitted(found[0].name, found[1], fn, decorator)

    def _jitted(
        self, marker: str, options: Options, fn: FunctionInfo | None, application: cst.CSTNode,
        instance: ClassInfo | None = None, holder: str | None = None,
    ) -> Jitted:
        """What a wrapper with these options keys on; argnums and argnames name each other
        through the wrapped function's parameters when it is known (as jax.jit does). `holder`:
        the name the wrapped module instance is bound to (`model` of `torch.compile(model)`),
        whose attributes its `forward` reads are guarded as `model.attr`."""
        key: CacheKey = self.analysis.markers.framework({marker}).cache_key
        keywords = _keywords(application)
        strict = any(_is_false(keywords.get(k)) for k in key.keyed_when_false)
        given = {k for k, v in keywords.items() if not _is_false(v) and not _is_none(v)}
        relaxed = bool(given & key.shapes_relaxed_by)
        signed = bool(given & key.values_relaxed_by)  # every argument a tensor of its spec
        positions, names = set(options.static_argnums), set(options.static_argnames)
        if fn is not None:
            positional = [p.name for p in fn.params if p.positional]
            names |= {positional[i] for i in positions if -len(positional) <= i < len(positional)}
            positions |= {i for i, name in enumerate(positional) if name in names}
        specialized = _specialized(fn, key.specialized_by, self.analysis) if fn is not None and key.specialized_by else set()
        floats = self._float_specialized(fn, key.floats_specialized_by) if fn is not None and key.floats_specialized_by else set()
        specialized_as = " or ".join(
            reason for reason, names in (("a bound of a Python loop in its body", specialized), ("a float its body hands to a custom op", floats)) if names
        )
        specialized |= floats
        specialized_positions: set[int] = set()
        if specialized:
            positional = [p.name for p in fn.params if p.positional]  # type: ignore[union-attr]
            names |= specialized
            specialized_positions = {i for i, name in enumerate(positional) if name in specialized}
            positions |= specialized_positions
        guarded: tuple[str, ...] = ()
        guarded_reads: frozenset[str] = frozenset()
        if key.guards_attributes and instance is not None:
            guarded = tuple(f"the module attribute '{name}' (stepped by its forward on every call" for name in self._stepped_attributes(instance))
            if holder is not None:
                guarded_reads = frozenset(f"{holder}.{name}" for name in _self_reads(instance.methods.get("forward")))
        elif key.guards_attributes and fn is not None:
            guarded = tuple(f"the global list '{name}' (grown by the function on every call: its length is guarded" for name in self._grown_globals(fn))
            guarded += tuple(f"the global '{name}' (stepped by the function on every call" for name in self._stepped_globals(fn))
            guarded_reads = self._global_reads(fn)
        return Jitted(
            marker, key.identity, (key.python_values == "value" or marker in key.values_keyed_by or strict) and not signed,
            (key.shapes == "keyed" or strict) and not relaxed,
            frozenset(i for i in positions if i >= 0), frozenset(names), frozenset(specialized), frozenset(specialized_positions), specialized_as, key.arrays,
            marker in key.graph_static_by, guarded,
            guarded_reads, key.recompile_limit, key.python_values == "dynamic" and not signed, function=fn,
            unrolled=self._unrolled(fn or (instance.methods.get("forward") if instance is not None else None), key),
            structures_keyed=key.structures_keyed,
        )

    def _unrolled(self, fn: FunctionInfo | None, key: CacheKey) -> tuple[tuple[int | None, str, frozenset[int]], ...]:
        """`Jitted.unrolled` of `fn` (a module's `forward`, or a method, called without its
        `self`), where its framework specialises the dimensions a loop is unrolled over."""
        if fn is None or isinstance(fn.node, cst.Lambda) or not key.dimensions_specialized_by or key.shapes == "keyed":
            return ()
        params = [p for p in fn.params if p.name != "self" or fn.cls is None]
        dimensions = unrolled_dimensions({p.name for p in params}, _nodes(fn.node.body), key.dimensions_specialized_by, self.analysis)
        positional = [p.name for p in params if p.positional]
        return tuple(
            (positional.index(name) if name in positional else None, name, found) for name, found in dimensions.items()
        )

    def _float_specialized(self, fn: FunctionInfo, decorators: tuple[str, ...]) -> set[str]:
        """Parameters of `fn` its body hands (also through arithmetic) to a parameter annotated
        `float` of a module function defined under one of `decorators` (a custom op)."""
        if isinstance(fn.node, cst.Lambda):
            return set()
        params = {p.name for p in fn.params}
        found: set[str] = set()
        for node in _nodes(fn.node.body):
            if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Name)):
                continue
            op = self.analysis.index.functions.get(node.func.value)
            if op is None or not any(self.analysis.resolve(_decorator_callee(d.decorator)) in decorators for d in op.node.decorators):
                continue
            floats = _float_parameters(op.node)
            for param, arg in passed(node, op).items():
                if param in floats:
                    found |= _operands(arg) & params
        return found

    def _instance(self, expr: cst.BaseExpression, scope: _Scope) -> ClassInfo | None:
        """The module class `expr` is an instance of (`Net()`, or a name bound to one)."""
        if type(expr) is cst.Call:
            return self._class_named(expr.func)
        if isinstance(expr, cst.Name):
            current: _Scope | None = scope
            while current is not None:
                if expr.value in current.instances:
                    return current.instances[expr.value]
                current = self._scopes.get(current.fn.parent) if current.fn is not None else None
        return None

    def _grown_globals(self, fn: FunctionInfo) -> tuple[str, ...]:
        """Module-level lists (bound once to a list display) the function grows on every call
        (`mylist.append(x)`): Dynamo guards on a global list's length, so each call's new length
        compiles again."""
        if isinstance(fn.node, cst.Lambda):
            return ()
        nodes = list(_nodes(fn.node.body))
        local = {p.name for p in fn.params} | {
            t.target.value for n in nodes if isinstance(n, cst.Assign) for t in n.targets if isinstance(t.target, cst.Name)
        }
        grown = []
        for node in nodes:
            if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in _GROWING_METHODS):
                continue
            owner = node.func.value
            if isinstance(owner, cst.Name) and owner.value not in local:
                values = self.analysis.index.module_values.get(owner.value, [])
                if len(values) == 1 and isinstance(values[0], cst.List):
                    grown.append(owner.value)
        return tuple(dict.fromkeys(grown))

    def _global_reads(self, fn: FunctionInfo) -> frozenset[str]:
        """Module-level names the function reads and does not bind itself, and the attributes
        it reads of them (`CONFIG.step`, as written): Dynamo guards both by value."""
        if isinstance(fn.node, cst.Lambda):
            return frozenset()
        nodes = list(_nodes(fn.node.body))
        local = {p.name for p in fn.params} | set().union(*(_target_names(n) for n in nodes if isinstance(n, (cst.Assign, cst.AugAssign))))
        names = {n.value for n in nodes if isinstance(n, cst.Name) and n.value in self.analysis.index.module_values and n.value not in local}
        chains = {
            self._code(n) for n in nodes
            if isinstance(n, cst.Attribute) and isinstance(n.value, cst.Name) and n.value.value in names
        }
        return frozenset(names | chains)

    def _stepped_globals(self, fn: FunctionInfo) -> tuple[str, ...]:
        """Module-level ints the function declares `global` and steps by an integer on every
        call (`global calls; calls += 1`): Dynamo replays the write and guards the int by value,
        so every call compiles again (benchmarks/torch_docs g9: 8 compiles in 10 calls)."""
        if isinstance(fn.node, cst.Lambda):
            return ()
        nodes = list(_nodes(fn.node.body))
        declared = {n.name.value for node in nodes if isinstance(node, cst.Global) for n in node.names}
        return tuple(dict.fromkeys(
            node.target.value for node in nodes
            if isinstance(node, cst.AugAssign) and isinstance(node.operator, _STEPS) and isinstance(node.target, cst.Name)
            and node.target.value in declared and isinstance(node.value, cst.Integer)
            and all(isinstance(v, cst.Integer) for v in self.analysis.index.module_values.get(node.target.value, [None]))
        ))

    @cached_property
    def _float_assigned(self) -> frozenset[str]:
        """The names some assignment of the module evidently makes a float (a float literal, a
        true division, `float(...)`, a `math`/NumPy call): Dynamo compiles a float global a
        second time dynamic in it, not once per value (docs/contexts.md). One walk per module."""
        found: set[str] = set()
        for node in walk_all(self.analysis.module):
            if isinstance(node, cst.Assign) and any(self._floating(part) for part in walk_all(node.value)):
                found.update(t.target.value for t in node.targets if isinstance(t.target, cst.Name))
                # an attribute by its name (`self.temperature = 1.0`, `model.temperature = t`)
                found.update(f".{t.target.attr.value}" for t in node.targets if isinstance(t.target, cst.Attribute))
        return frozenset(found)

    def _floating(self, part: cst.CSTNode) -> bool:
        callee = self.analysis.resolve(part.func) if isinstance(part, cst.Call) else None
        return isinstance(part, (cst.Float, cst.Divide)) or (
            callee is not None and (callee == "float" or callee.startswith(("math.", "numpy.")))
        )

    def _stepped_attributes(self, cls: ClassInfo) -> tuple[str, ...]:
        """Int attributes a call steps on every call (`self.step += 1`, with `self.step = 0` in
        `__init__`), in `forward` or what it runs of the module and its submodules
        (acclint.analysis.module_counters): Dynamo specialises ints (a float attribute stepped
        so compiles twice, the second time dynamic)."""
        return stepped_counters(cls, self.analysis.index.classes)

    def _held_compiled(self, value: cst.BaseExpression, scope: _Scope) -> Jitted | None:
        """The compiled callable made elsewhere that a call gives back, or None: a function's
        or method's (`_called_function`: `get()`, `trainer.compiled_step()`) where its one
        `return` is a wrapper application, directly or through a name its body binds to one
        (`step = get()` with `def get(): return jax.jit(f)`), or a function it defines under
        a jit-family decorator (`@jax.jit def step`, `return step`), or
        `functools.partial` of a name bound to a compiled callable (`partial(jitted, 1.0)`: its
        key sees every position after the bound ones shifted)."""
        if not isinstance(value, cst.Call):
            return None
        if self.analysis.resolve(value.func) in PARTIAL:
            if not value.args or value.args[0].keyword is not None:
                return None
            bound = value.args[1:]
            if any(a.star for a in bound):
                return None
            first = value.args[0].value  # a name, or the compiled callable itself: `partial(jax.jit(f), b=1)`
            held = self._lookup(first.value, scope) if isinstance(first, cst.Name) else self._denoted(first, scope)
            return None if held is None else _shifted(held, sum(1 for a in bound if a.keyword is None))
        called = self._called_function(value.func, scope)
        fn = called[0] if called is not None and not isinstance(called[0].node, cst.Lambda) else None
        returns = _returned_values(fn) if fn is not None else []
        if len(returns) != 1 or returns[0] is None:
            return None
        returned = returns[0]
        if isinstance(returned, cst.Name) and returned.value in fn.inner:  # `@jax.jit def step`, `return step`
            inner = fn.inner[returned.value]  # type: ignore[union-attr]
            forwarded = _forwarded(fn, inner)  # `def logged(fn): def inner(*a, **kw): return fn(*a, **kw)`
            if forwarded is not None:
                given = passed(value, fn, bound=called[1] > 0).get(forwarded)  # type: ignore[index]
                return self._denoted(given, scope) if given is not None else None
            return next((j for d in inner.node.decorators if (j := self._decorated(d.decorator, inner)) is not None), None)  # type: ignore[union-attr]
        if isinstance(returned, cst.Name):
            returned = _reaching_value(fn, returned)  # type: ignore[arg-type]
        found = self._wrapper_applied(returned) if returned is not None else None
        if found is None:
            return None
        wrapped = returned.args[0].value  # type: ignore[union-attr]
        target = self.analysis.index.functions.get(wrapped.value) if isinstance(wrapped, cst.Name) else None
        return self._jitted(found[0], found[1], target, returned)

    def _target_function(self, expr: cst.BaseExpression, scope: _Scope) -> FunctionInfo | None:
        if not isinstance(expr, cst.Name):
            return None
        fn = scope.fn
        while fn is not None:
            if expr.value in fn.inner:
                return fn.inner[expr.value]
            fn = fn.parent
        return self.analysis.index.functions.get(expr.value)

    def _code(self, node: cst.CSTNode) -> str:
        return self.analysis.module.code_for_node(node).strip()

    # -- after the walk ---------------------------------------------------------------------
    def _resolve_calls(self) -> None:
        """Calls of names bound to compiled callables (bound anywhere in scope)."""
        for call, loops, scope, statement in self._pending:
            callee, args = call.func, call.args
            if self.analysis.resolve(call.func) in self.tables.callers and args and args[0].keyword is None:
                callee, args = args[0].value, args[1:]
            elif type(callee) is cst.Call and callee.args and type(callee.args[0].value) is cst.Name and self._transformed(callee, callee.args[0].value.value):
                callee = callee.args[0].value  # `jax.grad(loss)(r, x)` calls `loss` with the same arguments
            jitted = self._callee(callee, scope)
            if jitted is not None:
                self.calls.append(JittedCall(call, callee, tuple(args), jitted, loops, scope, statement))
        for call, loops, scope, statement in self._attribute_calls:
            callee = call.func
            jitted = self._callee(callee, scope)
            if jitted is None and type(callee) is cst.Attribute and callee.attr.value in self.tables.lowering:
                callee = callee.value  # `step.lower(x, i)`: traces `step` for the key of its arguments
                jitted = self._callee(callee, scope)
            if jitted is not None:
                self.calls.append(JittedCall(call, callee, tuple(call.args), jitted, loops, scope, statement))

    def _callee(self, expr: cst.BaseExpression, scope: _Scope, seen: frozenset[tuple[FunctionInfo, str]] = frozenset()) -> Jitted | None:
        """The compiled callable a call's callee `expr` (in `scope`) is, once the walk has seen
        every binding and call: what `_denoted` follows, and a parameter every call of its
        function passes one (`_passed_compiled`), or an attribute a method binds to such a
        parameter (`self.step_fn = step_fn` in `__init__`: `_kept`)."""
        found = self._denoted(expr, scope)
        if found is not None or type(expr) not in (cst.Name, cst.Attribute):
            return found
        if type(expr) is cst.Name:
            return self._passed_compiled(expr.value, scope, seen)
        cls = self._class_of(expr.value, scope) if isinstance(expr.value, cst.Name) else None
        kept = self._kept.get((cls, expr.attr.value)) if cls is not None else None  # `self.step_fn` kept from `__init__`
        return self._callee(kept[0], kept[1], seen) if kept is not None else None

    def _denoted(self, expr: cst.BaseExpression, scope: _Scope) -> Jitted | None:
        """The compiled callable the value of `expr`, evaluated in `scope`, is, followed through
        the bindings the walk resolves, with the static options its wrapper application was
        given (ACC501's page: the one property behind every spelling): a name bound to one
        (a wrapper's result, a decorated def, an alias, `step = get()`, `partial(jitted, ...)`),
        an instance whose `__call__` is compiled, an item of a container of them (`fns[k]`), an
        attribute an object holds (`self.step`, `box.step = jax.jit(f)`), a wrapper application
        itself, a transform of one (`jax.grad(step)`, `jax.vmap(step)`: run, each calls `step`
        anew with what it is given), or a call giving one back (`_held_compiled`); else None."""
        if type(expr) is cst.Name:
            found = self._lookup(expr.value, scope)
            if found is None and self._in_place:
                found = self._in_place.get((self._binding_scope(expr.value, scope).fn, expr.value))
            if found is None:
                found = self._imported_compiled(expr)
            cls = self._instance(expr, scope) if found is None else None
            return self._held.get((cls, "__call__")) if cls is not None else found
        if type(expr) is cst.Subscript and type(expr.value) is cst.Name:
            return self._lookup(expr.value.value + _ITEMS, scope, expr.value.value)
        if (holder := _got_from(expr)) is not None:  # `fns.get(k)`: an item, as `fns[k]` is
            return self._lookup(holder + _ITEMS, scope, holder)
        if type(expr) is cst.Attribute and type(expr.value) is cst.Name:
            cls = self._class_of(expr.value, scope)
            found = self._held.get((cls, expr.attr.value)) if cls is not None else None
            found = found if found is not None else self._lookup(_attribute_key(expr), scope, expr.value.value)
            return found if found is not None else self._imported_compiled(expr)
        if isinstance(expr, cst.Call):
            marker = self.analysis.markers.get(self.analysis.resolve(expr.func))
            if marker is not None and marker.kind in (DIFFERENTIATED, VMAPPED) and expr.args:
                return self._denoted(expr.args[0].value, scope)  # `jax.grad(step)` calls `step` with its arguments
            applied = self._wrapper_applied(expr)
            return self._application(expr, *applied, scope) if applied is not None else self._held_compiled(expr, scope)
        if isinstance(expr, cst.IfExp):  # `jax.jit(f) if fast else jax.jit(g)`: both of one key
            body, orelse = self._denoted(expr.body, scope), self._denoted(expr.orelse, scope)
            return body if body == orelse else None
        return None

    def _imported_compiled(self, expr: cst.Name | cst.Attribute) -> Jitted | None:
        """The compiled callable an imported name is where another module of the project defines
        it under a jit-family decorator (`from model import train_step`, `model.train_step`),
        keyed as that decorator keys (tests/test_imported_compiled.py); None for any other name
        and for one the module binds itself (`_lookup` found that first)."""
        found = self.analysis.imported_compiled.get(self.analysis.resolve(expr) or "")
        if found is None or found[0].name not in self.tables.wrappers:
            return None
        marker, options, args = found
        return self._jitted(marker.name, options, None, cst.Call(cst.Name("wrapper"), [cst.Arg(cst.Name("f")), *args]))

    def _passed_compiled(self, name: str, scope: _Scope, seen: frozenset[tuple[FunctionInfo, str]]) -> Jitted | None:
        """The compiled callable the parameter `name` (of the function around `scope` that
        takes it) holds where every call of that function the module makes from host code,
        and every call of it from another module that passes one (`Passed` seeds), passes the
        same one (`train(jax.jit(step, static_argnums=1), ...)`, a name bound to one, or a
        parameter so passed in turn; a call leaving it out gives its default, as the
        function's own scope sees it), and its body never rebinds it; else None."""
        current: _Scope | None = scope
        while current is not None and current.fn is not None:
            fn = current.fn
            if any(p.name == name for p in fn.params):
                break
            if name in current.bound or name in current.jitted:
                return None
            current = self._scopes.get(fn.parent)
        else:
            return None
        if (fn, name) in seen or _bound_values(fn, name):
            return None
        default = next((p.default for p in all_params(fn.node.params) if p.name.value == name), None)
        found: list[Jitted | None] = []
        for call, skipped, caller in self._calls_into.get(fn, ()):
            given = passed(call, fn, bound=skipped > 0).get(name)
            if given is None and default is not None:
                given, caller = default, self._scopes.get(fn.parent) or self._scopes[None]
            found.append(self._callee(given, caller, seen | {(fn, name)}) if given is not None else None)
        found += self._passed_in(fn, name)
        return found[0] if found and found[0] is not None and all(f == found[0] for f in found) else None

    def _passed_in(self, fn: FunctionInfo, name: str) -> list[Jitted | None]:
        """What other modules' calls of the module-level function `fn` pass its parameter
        `name` compiled (acclint.analysis.passed), keyed as each wrapper application keys
        (None: a wrapper out of the jit family)."""
        if fn.parent is not None or fn.cls is not None or not self.analysis.passed:
            return []
        positional = [p.name for p in fn.params if p.positional]
        return [
            self._jitted(p.marker, p.options, None, cst.parse_expression(p.application)) if p.marker in self.tables.wrappers else None
            for p in self.analysis.passed
            if p.function == fn.name and (p.parameter == name or p.parameter.isdigit() and int(p.parameter) < len(positional) and positional[int(p.parameter)] == name)
        ]

    @cached_property
    def _calls_into(self) -> dict[FunctionInfo, list[tuple[cst.Call, int, _Scope]]]:
        """Each module function's calls from host code (`_host_calls`): (call, parameters it
        does not pass, the caller's scope). Asked only once the walk has recorded them all."""
        found: dict[FunctionInfo, list[tuple[cst.Call, int, _Scope]]] = {}
        for _caller, fn, skipped, call, scope, _loops in self._host_calls:
            found.setdefault(fn, []).append((call, skipped, scope))
        return found

    def _class_of(self, obj: cst.BaseExpression, scope: _Scope) -> ClassInfo | None:
        """The module class `obj` is an instance of: a call of it, a name bound to one, or the
        first parameter (`self`) of a method of it."""
        cls = self._instance(obj, scope)
        if cls is not None or not isinstance(obj, cst.Name):
            return cls
        return scope.fn.own_class(obj.value) if scope.fn is not None else None

    def _lookup(self, name: str, scope: _Scope, holder: str = "") -> Jitted | None:
        """The compiled callable a name called in `scope` refers to, by lexical scope; also an
        item or attribute of a name (`fns[]`, `box.step`), which a scope binding that name
        (`holder`) otherwise hides."""
        current: _Scope | None = scope
        while current is not None:
            if name in current.jitted:
                return None if name in current.bound else current.jitted[name]
            if (holder or name) in current.bound:
                return None
            fn = current.fn.parent if current.fn is not None else None
            current = self._scopes.get(fn) if current.fn is not None else None
        return None

    def _call_of(self, name: str, scope: _Scope) -> cst.Call | None:
        """The first call of `name` in the body of `scope`'s function (in source order), or of a
        call it is handed to, which runs it (`minimize(loss, ...)`, `cls.fit(loss=loss)`, as a
        loop's hand-overs count), or None."""
        return next((
            n for n in _nodes(scope.fn.node, in_order=True)  # type: ignore[union-attr]
            if type(n) is cst.Call and (
                isinstance(n.func, cst.Name) and n.func.value == name or self._transformed(n.func, name) or self._handed_on(n, name)
            )
        ), None)

    def _handed_on(self, call: cst.Call, name: str) -> bool:
        """Whether `call` is given `name` itself as an argument and is no marker (a wrapper or a
        transform applied to it, `jax.grad(loss)`, only wraps it) and keeps nothing (`_KEEPERS`:
        an `__init__`, `super().__init__(ds, fn)` in levanter's datasets, or `setattr` keeps
        what it is given for the object's later calls, so one compiled callable per object is
        compiled once and reused, not run on the pass that made it)."""
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in _KEEPERS or isinstance(func, cst.Name) and func.value in _KEEPERS:
            return False
        return any(isinstance(a.value, cst.Name) and a.value.value == name for a in call.args) and (
            self.analysis.markers.get(self.analysis.resolve(func)) is None
        )

    def _transformed(self, expr: cst.BaseExpression, name: str) -> bool:
        """`jax.grad(name)`, `eqx.filter_value_and_grad(name)`, `jax.vmap(name)`: a transform of
        `name` whose result, called, calls it."""
        if not (isinstance(expr, cst.Call) and expr.args and isinstance(expr.args[0].value, cst.Name)):
            return False
        marker = self.analysis.markers.get(self.analysis.resolve(expr.func))
        return expr.args[0].value.value == name and marker is not None and marker.kind in (DIFFERENTIATED, VMAPPED)

    def _called_in_loops(self, module_only: bool = False) -> dict[FunctionInfo, str]:
        """Functions that run on every pass of an unbounded loop: called inside one, or called
        (anywhere in its body) by a function that does. function -> how (for messages).
        `module_only`: only loops at module level (a script's or a notebook's), which are host
        code whatever traces the module's functions elsewhere, or in a function module-level
        code calls (`_host_functions`)."""
        found: dict[FunctionInfo, str] = {}
        hosts = self._host_functions if module_only else frozenset()
        for _caller, fn, _skipped, _call, scope, loops in self._host_calls:
            if module_only and scope.fn is not None and scope.fn not in hosts:
                continue
            if scope.fn is not None and (scope.traced or scope.fn.contexts):
                continue  # a loop in a traced function runs while tracing (a `tf.range` loop: once, converted)
            if fn not in found and any(not loop.bounded for loop in loops):
                caller = f"'{scope.fn.name}'" if scope.fn is not None else "the module"
                found[fn] = f"'{fn.name}', which {caller} calls in a loop"
        return self._with_callees(found, per_call=True)

    def _with_callees(self, found: dict[FunctionInfo, str], per_call: bool = False) -> dict[FunctionInfo, str]:
        """`found` (function -> how it is reached) with every function its functions call,
        transitively through the host calls, each reached from its caller. `per_call`: only
        the calls that run on every call of their caller, not those a memo makes once
        (`_memo_made`)."""
        frontier = list(found)
        while frontier:
            caller = frontier.pop()
            for fn in dict.fromkeys(
                callee for source, callee, _skipped, call, *_ in self._host_calls
                if source is caller and not (per_call and _memo_made(caller, call))
            ):
                if fn not in found:
                    found[fn] = f"'{fn.name}', called from {found[caller]}"
                    frontier.append(fn)
        return found

    @cached_property
    def _host_functions(self) -> frozenset[FunctionInfo]:
        """Functions module-level code calls (a script's `main()`, also under `if __name__ ==
        "__main__":`), directly or through the functions they call, and in no context: host code
        for sure, as module-level code is, so their loops are host loops (dev report eks_78).
        Asked only once the walk has recorded every host call."""
        called = {fn: f"'{fn.name}', which the module calls" for _caller, fn, _skipped, _call, scope, _loops in self._host_calls if scope.fn is None}
        return frozenset(fn for fn in self._with_callees(called) if not fn.contexts)

    def _called_function(self, func: cst.BaseExpression, scope: _Scope) -> tuple[FunctionInfo, int] | None:
        """The module's function a call runs, and how many leading parameters the call does not
        pass: `f(...)` by lexical scope (0), `self.m(...)` in a method of the class defining `m`
        or `obj.m(...)` with `obj` bound to an instance of a module class (1, the instance or a
        classmethod's class; 0 for a staticmethod, which is given neither), `Cls(...)` its
        `__init__` (1), `Cls.m(...)` (1 for a classmethod, else 0: the caller passes any
        instance itself)."""
        if type(func) is cst.Name:
            fn = self._function_named(func.value, scope)
            if fn is not None:
                return (fn, 0)
            made = self._module_class(func.value, scope)  # `Cls(...)` runs `Cls.__init__`
            init = made.methods.get("__init__") if made is not None else None
            return (init, 1) if init is not None else None
        if type(func) is cst.Attribute and type(func.value) is cst.Call and type(func.value.func) is cst.Name:
            made = self._module_class(func.value.func.value, scope)  # `Model(i + 1).run(x)`
            fn = made.methods.get(func.attr.value) if made is not None else None
            return (fn, 1 if fn.is_method else 0) if fn is not None else None
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
            return None
        cls = self._instance(func.value, scope)
        if cls is None and scope.fn is not None:
            cls = scope.fn.own_class(func.value.value)
        if cls is None:  # `Cls.method(...)`: the class's own function (a classmethod is given the class)
            named = self._module_class(func.value.value, scope)
            fn = named.methods.get(func.attr.value) if named is not None else None
            return (fn, 1 if fn.class_param else 0) if fn is not None else None
        fn = cls.methods.get(func.attr.value)
        return (fn, 1 if fn.is_method else 0) if fn is not None else None

    def _module_class(self, name: str, scope: _Scope) -> ClassInfo | None:
        """The module's class `name` names: an enclosing classmethod's class parameter (`cls`
        of `cls(...)`), or a class of the module's top level no function around `scope` binds."""
        fn = scope.fn
        while fn is not None:
            if fn.class_param == name:
                return fn.cls
            fn = fn.parent
        cls = self.analysis.index.classes.get(name)
        return cls if cls is not None and not self._shadowed(name, scope) else None

    def _function_named(self, name: str, scope: _Scope) -> FunctionInfo | None:
        """The function a call of `name` in `scope` runs: a `def`, or a lambda a scope binds the
        name to (`_bind_items_and_lambdas`), by lexical scope."""
        fn = scope.fn
        while fn is not None:
            if name in fn.inner:
                return fn.inner[name]
            inner = self._scopes.get(fn)
            if inner is not None and name in inner.lambdas:
                return inner.lambdas[name]
            fn = fn.parent
        return self.analysis.index.functions.get(name) or self._scopes[None].lambdas.get(name)


@dataclass(frozen=True)
class _Owned:
    """A compiled callable each instance of a class owns: an attribute its `__init__` binds to
    a wrapper applied to a callable new per instance (`self.step = jax.jit(self._step)`), or a
    method decorated with a wrapper that keeps a cache per object (`@tf.function`) or that holds
    `self` static (`@partial(jax.jit, static_argnums=0)`)."""

    node: cst.CSTNode  # the wrapper application (or decorator)
    what: str  # "the bound method 'self._step'", ...
    static_self: bool = False  # the instance is a static argument (ACC502), not a new callable


@dataclass(frozen=True)
class _Rewrap:
    """A wrapper applied to a callable that is new on each pass, and called there."""

    node: cst.CSTNode  # the wrapper application
    call: cst.Call  # the call that runs its result on that pass (where it is reported)
    what: str  # "a lambda", "functools.partial(...)", ...
    where: str  # "this loop" or "'predict', which 'train' calls in a loop"
    statement: cst.BaseStatement
    # Where the new identity is made (`_made_at`): the application written as a call; None for a decorator
    made: cst.CSTNode | None = None


def _rewrap_change(r: _Rewrap) -> KeyChange:
    """A wrapper applied on each pass to a new callable, as a finding: reported where the cache
    key's new identity is made (`_made_at`), whichever line then calls its result (`f =
    jax.jit(lambda ...)`, `f(x)` below: one hazard, crackedaicode's page); applied and called at
    once (`jax.jit(lambda ...)(x)`, `make_update()(p, g)`), at that call."""
    if r.call.func is r.node or r.made is None:
        return KeyChange("ACC501", r.call, r.what, r.node, r.where, r.statement)
    return KeyChange("ACC501", r.made, r.what, r.node, r.where, r.statement, called=r.call)


_MADE: WeakKeyDictionary[ModuleAnalysis, LoopFacts] = WeakKeyDictionary()


def loop_facts(analysis: ModuleAnalysis, tables: StormTables) -> LoopFacts:
    """The module's cache-key analysis, made once per analysis (the first ACC5 rule asks; the
    others get the same), and dropped with it."""
    found = _MADE.get(analysis)
    if found is None:
        found = _MADE[analysis] = LoopFacts(analysis, tables)
    return found


def _fields(cls: ClassInfo) -> list[tuple[str, cst.BaseExpression, cst.BaseExpression | None]]:
    """(name, annotation, default) of each field a dataclass-like class declares, in order."""
    return [
        (n.target.value, n.annotation.annotation, n.value) for line in cls.node.body.body if isinstance(line, cst.SimpleStatementLine)
        for n in line.body if isinstance(n, cst.AnnAssign) and isinstance(n.target, cst.Name)
    ]


def _field_values(cls: ClassInfo, made: cst.Call) -> dict[str, cst.BaseExpression]:
    """What a call of a dataclass-like class (its generated `__init__`, fields in order) gives
    each field."""
    return fields_passed(made, [name for name, _annotation, _default in _fields(cls)])


def _string(expr: cst.BaseExpression) -> bool:
    """A str for sure: an f-string, a string literal, `str(...)`, `"...".format(...)`, `"%d" %
    v`, or a concatenation with a literal."""
    if isinstance(expr, (cst.FormattedString, cst.SimpleString, cst.ConcatenatedString)):
        return True
    if isinstance(expr, cst.Call):
        func = expr.func
        return (isinstance(func, cst.Name) and func.value == "str") or (
            isinstance(func, cst.Attribute) and func.attr.value == "format" and isinstance(func.value, cst.SimpleString)
        )
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Add, cst.Modulo)):
        return isinstance(expr.left, (cst.SimpleString, cst.FormattedString)) or (
            isinstance(expr.operator, cst.Add) and isinstance(expr.right, (cst.SimpleString, cst.FormattedString))
        )
    return False


def _self_reads(method: FunctionInfo | None) -> set[str]:
    """The attributes of `self` a method's body reads (`self.epoch`; not the calls `self.fc(x)`)."""
    me = method.self_name if method is not None else None
    if me is None:
        return set()
    called = {id(n.func) for n in _nodes(method.node.body) if isinstance(n, cst.Call)}
    return {
        n.attr.value for n in _nodes(method.node.body)
        if isinstance(n, cst.Attribute) and isinstance(n.value, cst.Name) and n.value.value == me and id(n) not in called
    }


def _self_assignments(method: FunctionInfo | None) -> list[tuple[str, cst.BaseExpression]]:
    """(attribute, value) of each `self.attr = value` in a method's body."""
    me = method.self_name if method is not None else None
    if me is None:
        return []
    return [
        (target.target.attr.value, node.value)
        for node in _nodes(method.node.body) if isinstance(node, cst.Assign)
        for target in node.targets
        if isinstance(target.target, cst.Attribute) and isinstance(target.target.value, cst.Name) and target.target.value.value == me
    ]


def _specialized(fn: FunctionInfo, calls: tuple[str, ...], analysis: ModuleAnalysis) -> set[str]:
    """Parameters of `fn` its body passes (also through arithmetic) to one of `calls`
    (`range(start + 1, end)`): the compiler specialises their values to unroll the loop."""
    if isinstance(fn.node, cst.Lambda):
        return set()
    params = {p.name for p in fn.params}
    found: set[str] = set()
    for node in _nodes(fn.node.body):
        if isinstance(node, cst.Call) and analysis.resolve(node.func) in calls:
            for arg in node.args:
                found |= _operands(arg.value) & params
    return found


def _forwarded(fn: FunctionInfo, inner: FunctionInfo) -> str | None:
    """The parameter of `fn` that its local function `inner` calls with `inner`'s own `*args` and
    `**kwargs` (a logging or timing decorator's wrapper): `inner`, called, calls it with the same
    arguments. None where `inner` takes no such pair or calls no parameter so."""
    params = inner.node.params
    star, kwargs = params.star_arg, params.star_kwarg
    if not isinstance(inner.node, cst.FunctionDef) or not isinstance(star, cst.Param) or kwargs is None:
        return None
    own = {p.name for p in fn.params}
    for node in _nodes(inner.node):
        if type(node) is cst.Call and type(node.func) is cst.Name and node.func.value in own and [
            (a.star, a.value.value if type(a.value) is cst.Name else None) for a in node.args
        ] == [("*", star.name.value), ("**", kwargs.name.value)]:
            return node.func.value
    return None


def _decorator_callee(decorator: cst.BaseExpression) -> cst.BaseExpression:
    """What a decorator calls: `m` of `@m` and of `@m(...)`."""
    return decorator.func if isinstance(decorator, cst.Call) else decorator


def _float_parameters(fn: cst.FunctionDef) -> set[str]:
    """The parameters of `fn` annotated `float`."""
    return {
        p.name.value for p in all_params(fn.params)
        if p.annotation is not None and isinstance(p.annotation.annotation, cst.Name) and p.annotation.annotation.value == "float"
    }


def _operands(expr: cst.BaseExpression) -> set[str]:
    """The names `expr` computes with by arithmetic alone (`start + 1`: start; not `x.shape[0]`,
    whose `x` is a tensor)."""
    if isinstance(expr, cst.Name):
        return {expr.value}
    if isinstance(expr, cst.UnaryOperation):
        return _operands(expr.expression)
    if isinstance(expr, cst.BinaryOperation):
        return _operands(expr.left) | _operands(expr.right)
    return set()


def _reached_tails(reached: list[str | None], compiled: Iterable[str]) -> frozenset[str]:
    """The last names of the library compiled entry points or methods (`MarkerTable.compiled`,
    `compiled_methods`) that a module-level import of the module binds or reaches (`import
    diffrax as dfx`: `diffeqsolve`; `from numpyro.infer import MCMC`: `run`): `reached`, what
    each name its imports bind stands for."""
    if not compiled:
        return frozenset()
    return frozenset(
        entry.rsplit(".", 1)[-1] for entry in compiled
        for bound in reached if bound is not None and (entry == bound or entry.startswith(bound + "."))
    )


def _keywords(application: cst.CSTNode) -> dict[str, cst.BaseExpression]:
    """The keywords a wrapper is applied with: `jax.jit(f, static_argnums=1)`,
    `@tf.function(reduce_retracing=True)`, `partial(jax.jit, ...)`, `tf.function(**kw)(f)`."""
    found: dict[str, cst.BaseExpression] = {}
    while isinstance(application, cst.Call):
        for arg in application.args:
            if arg.keyword is not None:
                found.setdefault(arg.keyword.value, arg.value)
        application = application.func
    return found


def _is_false(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "False"


def _is_true(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "True"


def _is_none(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "None"


def _attribute_of_name(expr: cst.BaseExpression) -> bool:
    """`a.b` or `a.b.c`: an attribute chain on a name."""
    while isinstance(expr, cst.Attribute):
        expr = expr.value
        if isinstance(expr, cst.Name):
            return True
    return False


def _a_mask(index: cst.BaseExpression) -> bool:
    """A boolean mask written in place as an index: a comparison (`x[:, 0] > t`), its negation
    (`~(x > t)`), or `&`/`|` of such."""
    if isinstance(index, cst.Comparison):
        return True
    if isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.BitInvert):
        return _a_mask(index.expression)
    if isinstance(index, cst.BinaryOperation) and isinstance(index.operator, (cst.BitAnd, cst.BitOr)):
        return _a_mask(index.left) or _a_mask(index.right)
    return False


def _merged(first: Pass, second: Pass) -> Pass:
    """What is new on every pass of either (a loop inside a function that runs once per pass of
    another loop); `first` names where."""
    return Pass(
        first.changing | second.changing, first.fresh | second.fresh, first.resized | second.resized,
        first.rebound | second.rebound, first.where or second.where, first.holding | second.holding,
        first.static_held | second.static_held, first.varies | second.varies,
    )


def _shifted(jitted: Jitted, bound: int) -> Jitted:
    """A compiled callable's key as called through a `partial` binding its first `bound`
    positional arguments: every position the call passes is that many less."""
    def shifted(positions: frozenset[int]) -> frozenset[int]:
        return frozenset(p - bound for p in positions if p >= bound)

    return replace(
        jitted, static_positions=shifted(jitted.static_positions), specialized_positions=shifted(jitted.specialized_positions), function=None,
    )


def _through_object(jitted: Jitted) -> Jitted:
    """A decorated method's key as called through its object (`obj.m(x, k)`): the call passes
    no `self`, so every position is one less, and `self` (position 0) is keyed as the object."""
    return _shifted(jitted, 1)


def _bind_jitted(scope: _Scope, name: str, jitted: Jitted) -> None:
    if name in scope.jitted and scope.jitted[name] != jitted:
        scope.jitted[name] = None
    else:
        scope.jitted[name] = jitted


def _bind_target(target: cst.CSTNode, scope: _Scope, skip: AbstractSet[cst.Name] = frozenset()) -> None:
    """Record the names `target` binds to values other than a compiled callable (`skip`: the
    names bound to one, by _bind_jitted)."""
    if isinstance(target, cst.Name):
        if target in skip:
            return
        scope.bound.add(target.value)
        if target.value in scope.literals:
            scope.literals[target.value] = None
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            _bind_target(element.value, scope, skip)


def _steps(body: cst.CSTNode, loop: Loop) -> None:
    """Names stepped by a literal on every pass (`step += 1`, `lr *= 0.9`, also spelt as a
    reassignment from the name itself: `step = step + 1`, `lr = lr * 0.5`, `t = 0.25 + t`), and
    never otherwise reassigned in the body (a reset would break the sequence)."""
    stepped: set[str] = set()
    assigned: set[str] = set()
    for node in _nodes(body, statements=True):
        if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name) and isinstance(node.operator, _STEPS):
            value = _number(node.value)
            neutral = 1 if isinstance(node.operator, cst.MultiplyAssign) else 0
            if value is not None and value != neutral:
                stepped.add(node.target.value)
        elif isinstance(node, cst.Assign):
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    name = target.target.value
                    (stepped if len(node.targets) == 1 and _stepped_from(name, node.value) else assigned).add(name)
    loop.changing |= stepped - assigned


# Reassignments that step a name by a literal (`_stepped_from`): operator -> the literal that
# leaves it unchanged.
_REASSIGNED_STEPS = {cst.Add: 0, cst.Subtract: 0, cst.Multiply: 1, cst.Divide: 1}


def _stepped_from(name: str, value: cst.BaseExpression) -> bool:
    """`name OP literal` (or `literal OP name` for `+` and `*`), a literal that changes it."""
    if not isinstance(value, cst.BinaryOperation) or type(value.operator) not in _REASSIGNED_STEPS:
        return False
    neutral = _REASSIGNED_STEPS[type(value.operator)]
    pairs = [(value.left, value.right)]
    if isinstance(value.operator, (cst.Add, cst.Multiply)):
        pairs.append((value.right, value.left))
    return any(
        isinstance(own, cst.Name) and own.value == name and (step := _number(other)) is not None and step != neutral
        for own, other in pairs
    )


# Methods that add to a list in place, and those that take from a list or dict (`_grown`).
_GROWING = frozenset({"append", "extend", "insert"})
_SHRINKING = frozenset({"pop", "popitem", "clear", "remove"})


def _varying(body: cst.CSTNode, loop: Loop) -> None:
    """Names holding data that differs on each pass (added to `loop.varies`, seeded with the
    variable of a `for` over data): a name the body binds from its own previous value (`w = w *
    0.5 + x`, `state = step(state)`: carried from pass to pass) or from a name that varies or
    changes (`best = int(jnp.argmax(w))`), in source order, twice around for what a later
    statement carries into an earlier one."""
    assignments = [n for n in _nodes(body, statements=True) if type(n) in (cst.Assign, cst.AugAssign)]
    for _ in range(2):
        for node in assignments:
            bound = _target_names(node)
            if _read_names(node.value) & (loop.varies | loop.changing | bound):
                loop.varies |= bound


def _new_key(key: cst.BaseExpression, loop: Loop) -> bool:
    """A dict key new on each pass: computed from a changing name, or a name holding data that
    differs on each pass (`counts[token]`, `phis.setdefault(int(best), 0)`) as it is or converted
    by `int`/`str` (arithmetic on it, `token % 4`, may collapse it to a few keys)."""
    if _names(key) & loop.changing:
        return True
    if isinstance(key, cst.Call) and isinstance(key.func, cst.Name) and key.func.value in ("int", "str") and len(key.args) == 1:
        key = key.args[0].value
    return isinstance(key, cst.Name) and key.value in loop.varies


def _grown(body: cst.CSTNode, loop: Loop) -> None:
    """Names of containers every pass grows in place: a statement of the body itself (not one
    under a branch) appending to a list (`xs.append(v)`, `extend`, `insert`) or giving a dict a
    key new on each pass (`d[t] = v`, `d.setdefault(t, v)`), where the body neither rebinds
    the name nor takes from it (`pop`, `clear`, `del d[k]`): a pytree of a new structure on
    every pass (added to the loop's resized names)."""
    block = body.body if isinstance(body, cst.IndentedBlock) else []
    grown: set[str] = set()
    for line in block:
        for small in line.body if isinstance(line, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Attribute):
                call, owner = small.value, small.value.func.value
                method = call.func.attr.value  # type: ignore[attr-defined]
                keyed = method == "setdefault" and call.args and _new_key(call.args[0].value, loop)
                if isinstance(owner, cst.Name) and (method in _GROWING or keyed):
                    grown.add(owner.value)
            elif isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(item := small.targets[0].target, cst.Subscript):
                if isinstance(item.value, cst.Name) and len(item.slice) == 1 and isinstance(item.slice[0].slice, cst.Index):
                    if _new_key(item.slice[0].slice.value, loop):
                        grown.add(item.value.value)
    if not grown:
        return
    for node in _nodes(body):
        if isinstance(node, cst.Assign):
            grown -= {t.target.value for t in node.targets if isinstance(t.target, cst.Name)}
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in _SHRINKING:
            grown -= _names(node.func.value)
        elif isinstance(node, cst.Del):
            grown -= _names(node.target)
    loop.resized |= grown


def _nodes(root: cst.CSTNode, in_order: bool = False, statements: bool = False):
    """Every node under `root`, nested function bodies excepted (in source order if asked).

    `statements`: for a caller looking for statements (a `return`, an assignment, a `def`):
    an expression or a simple statement is yielded but not entered, as none holds a statement.
    The statements come in the same order as without it, at a fraction of the cost (most of a
    body's nodes are inside expressions)."""
    stack = list(children(root))
    if in_order:
        stack.reverse()
    closed = _CLOSED_STATEMENTS if statements else _CLOSED
    while stack:
        node = stack.pop()
        yield node
        kind = type(node)
        shut = closed.get(kind)
        if shut is None:  # an `isinstance` of abstract bases each time was most of the cost
            shut = closed[kind] = issubclass(kind, (cst.FunctionDef, cst.Lambda, cst.ClassDef, *(_HOLD_NO_STATEMENT if statements else ())))
        if not shut:
            below = list(children(node))
            stack.extend(reversed(below) if in_order else below)


_HOLD_NO_STATEMENT = (cst.BaseExpression, cst.BaseSmallStatement)
# Per node type, whether `_nodes` stops at it (without and with `statements`).
_CLOSED: dict[type, bool] = {}
_CLOSED_STATEMENTS: dict[type, bool] = {}
# The suffix of the key under which a scope binds the compiled callable each item of a
# container name holds (`fns[]` of `fns = [jax.jit(f), jax.jit(g)]`).
_ITEMS = "[]"


def _got_from(expr: cst.BaseExpression) -> str | None:
    """The name of the container `expr` takes an item of by `.get` (`fns.get(k)`: a dict's
    item, as `fns[k]`), or None. Not with a default: the call may run that instead."""
    if not (type(expr) is cst.Call and type(expr.func) is cst.Attribute and expr.func.attr.value == "get"):
        return None
    holder = expr.func.value
    return holder.value if isinstance(holder, cst.Name) and len(expr.args) == 1 and expr.args[0].keyword is None else None


# Calls that keep what they are given for later instead of running it: a construction, an
# attribute set on an object (`setattr(model, "serving", fn)`: tensorflow-gnn's stage models),
# an item put in a container.
_KEEPERS = frozenset({"__init__", "setattr", "append", "extend", "insert", "add", "setdefault"})


def _item_params(params: cst.Parameters) -> list[cst.Param]:
    """The parameters `map` binds an item to: positional-only, regular, and `*args` (which
    takes the items left over as a tuple); keyword-only ones keep their defaults."""
    star = [params.star_arg] if isinstance(params.star_arg, cst.Param) else []
    return [*params.posonly_params, *params.params, *star]


def _returned_values(fn: FunctionInfo) -> list[cst.BaseExpression | None]:
    """What each `return` of `fn` gives (None for a bare `return`); a lambda's body. Walked once
    per function: every call of a module function asks it of its callee (`_makes_callables`,
    `_makes_compiled`), and a walk of the body per call was 6 of the analysis's 40 profiled
    seconds on the benchmark corpus."""
    found = _RETURNED.get(fn)
    if found is None:
        if isinstance(fn.node, cst.Lambda):
            found = [fn.node.body]
        else:
            found = [n.value for n in _nodes(fn.node.body, statements=True) if isinstance(n, cst.Return)]
        _RETURNED[fn] = found
    return found


_RETURNED: WeakKeyDictionary[FunctionInfo, list[cst.BaseExpression | None]] = WeakKeyDictionary()


def _assignments(fn: FunctionInfo) -> list[cst.Assign]:
    """The assignments of `fn`'s body (nested functions aside), in source order; walked once per
    function, where `_derived` asks for them once per call into it and per parameter."""
    found = _ASSIGNED.get(fn)
    if found is None:
        found = _ASSIGNED[fn] = [n for n in _assignments_and_returns(fn) if isinstance(n, cst.Assign)]
    return found


def _assignments_and_returns(fn: FunctionInfo) -> list[cst.Assign | cst.Return]:
    """The assignments and `return`s of `fn`'s body (nested functions aside), in source order,
    from the one walk `_assignments` reads too."""
    found = _ORDERED.get(fn)
    if found is None:
        found = _ORDERED[fn] = [n for n in _nodes(fn.node.body, in_order=True, statements=True) if isinstance(n, (cst.Assign, cst.Return))]  # type: ignore[union-attr]
    return found


_ASSIGNED: WeakKeyDictionary[FunctionInfo, list[cst.Assign]] = WeakKeyDictionary()
_ORDERED: WeakKeyDictionary[FunctionInfo, list[cst.Assign | cst.Return]] = WeakKeyDictionary()


def _reaching_value(fn: FunctionInfo, returned: cst.Name) -> cst.BaseExpression | None:
    """What the name a `return` of `fn` gives holds there: the value of its last plain binding
    (`name = value`) before that `return` in source order, or None where none comes before."""
    value = None
    for node in _assignments_and_returns(fn):
        if isinstance(node, cst.Return):
            if node.value is returned:
                return value
        elif _binds(node, returned.value):
            value = node.value
    return None


def _bound_values(fn: FunctionInfo, name: str) -> list[cst.BaseExpression]:
    """What `fn`'s body assigns to the plain name `name` (`name = value`), in source order."""
    return [n.value for n in _assignments(fn) if _binds(n, name)]


def _binds(node: cst.Assign, name: str) -> bool:
    """Whether `node` is a plain binding of `name` (`name = value`), the one shape whose value
    `_reaching_value` and `_bound_values` read as what the name holds."""
    return len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) and node.targets[0].target.value == name


def _made_once(name: str, made: cst.CSTNode, loop: cst.CSTNode) -> bool:
    """Whether `made`, a wrapper application bound to `name` in `loop`, runs only while `name`
    is unset (`if name is None:`, `if not name:`) and nothing else in the loop binds `name`: the
    first pass makes the compiled callable and every later pass calls that one (mlcommons
    algorithmic-efficiency's `if jitted_predict_step is None: jitted_predict_step = jax.jit(...)`)."""
    guards = [n for n in _nodes(loop) if isinstance(n, cst.If) and once_block(n) == name and any(m is made for m in _nodes(n.body))]
    guarded = {id(s) for g in guards for s in _nodes(g.body, statements=True)}
    return bool(guards) and all(id(n) in guarded for n in _nodes(loop, statements=True) if isinstance(n, cst.Assign) and _binds(n, name))


def _memo_made(fn: FunctionInfo, node: cst.CSTNode) -> bool:
    """Whether `node` lies in what the memo `fn` binds to its holder (`_memo_bindings`): made
    once per holder, however often `fn` runs."""
    return any(binding.value is node or any(n is node for n in _nodes(binding.value)) for binding in _memo_bindings(fn))


def _memo_bindings(fn: FunctionInfo) -> list[cst.Assign]:
    """The bindings of its holder in a memo `fn`, none if `fn` is no memo: a binding of a
    holder that runs only while the holder is unset, after `fn`'s body returns while it is set
    (`if self.test_function is not None and not force: return ...`, `if _FN: return _FN`,
    then `self.test_function = self._make_function(...)`: keras-team keras's
    `make_test_function`, which `fit` reaches through `evaluate` on every epoch) or under a
    test that it is unset (`if _STEP is None: _STEP = jax.jit(...)`, then `return _STEP`).
    What such a binding makes is made once per holder, however often `fn` runs."""
    holder, found = None, []
    for statement in fn.node.body.body if isinstance(fn.node.body, cst.IndentedBlock) else ():
        if holder is None:
            holder = _returned_while_set(statement)
        elif isinstance(statement, cst.SimpleStatementLine):
            found += [small for small in statement.body if _binds_holder(small, holder)]
        if isinstance(statement, cst.If) and (flag := once_block(statement)) is not None:
            found += [n for n in _nodes(statement.body, statements=True) if _binds_holder(n, flag)]
        if (missing := _missing_key(statement)) is not None:  # `if k not in cache: cache[k] = ...`
            found += [n for n in _nodes(statement.body, statements=True) if _binds_key(n, *missing)]  # type: ignore[union-attr]
    return found


def _missing_key(statement: cst.BaseStatement) -> tuple[str, str] | None:
    """The holder and key (as written, spaces dropped) of `if KEY not in HOLDER:` with no
    `else`: its body runs only while the holder lacks that key."""
    if not isinstance(statement, cst.If) or statement.orelse is not None or not isinstance(statement.test, cst.Comparison):
        return None
    test = statement.test
    if len(test.comparisons) != 1 or not isinstance(test.comparisons[0].operator, cst.NotIn):
        return None
    holder = dotted_name(test.comparisons[0].comparator)
    return (holder, _spelled(test.left)) if holder else None


def _binds_key(node: cst.CSTNode, holder: str, key: str) -> bool:
    """`holder[key] = value` under the key a memo tests (another key is no memo: maxtext's
    prefill tests `(padded_length, num_prompts)` and stores under a triple)."""
    return isinstance(node, cst.Assign) and any(
        isinstance(t.target, cst.Subscript) and dotted_name(t.target.value) == holder and len(t.target.slice) == 1
        and isinstance(t.target.slice[0].slice, cst.Index) and _spelled(t.target.slice[0].slice.value) == key
        for t in node.targets
    )


def _spelled(expr: cst.BaseExpression) -> str:
    """`expr` as written, without spaces, parentheses or line breaks: two spellings of one key."""
    return "".join(c for c in cst.Module([]).code_for_node(expr) if c not in " \n()\\")


def _binds_holder(node: cst.CSTNode, holder: str) -> bool:
    """`holder = value`, `self.holder = value`."""
    return isinstance(node, cst.Assign) and any(dotted_name(t.target) == holder for t in node.targets)


def _returned_while_set(statement: cst.BaseStatement) -> str | None:
    """The holder `H` of `if H: return ...`, `if H is not None: return ...` (also `and`-ed with
    more tests), with no `else`: the code after it runs only while `H` is unset."""
    if not isinstance(statement, cst.If) or statement.orelse is not None or not isinstance(statement.body, cst.IndentedBlock):
        return None
    body = statement.body.body
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine) or not isinstance(body[0].body[0], cst.Return):
        return None
    test = statement.test
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        test = test.left
    if (
        isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.IsNot)
        and _is_none(test.comparisons[0].comparator)
    ):
        test = test.left
    return dotted_name(test)


def _pass_calls(node: cst.CSTNode, statement: cst.BaseStatement | None):
    """(call, statement) of each method call on a name (`model.fit(...)`) that runs once per pass
    of the loop whose body is `node`: nested loops, comprehensions and definitions excepted."""
    for child in children(node):
        if isinstance(child, _NOT_THIS_PASS):
            continue
        here = child if isinstance(child, cst.BaseStatement) else statement
        if isinstance(child, cst.Call) and isinstance(child.func, cst.Attribute) and isinstance(child.func.value, cst.Name) and here is not None:
            yield child, here
        yield from _pass_calls(child, here)


_NOT_THIS_PASS = (
    cst.For, cst.While, cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp,
)


def _names(node: cst.CSTNode) -> set[str]:
    """Every name `node` mentions (or binds, for a target)."""
    return {n.value for n in walk_all(node) if isinstance(n, cst.Name)}


def _read_names(node: cst.CSTNode) -> set[str]:
    """The names `node` reads or binds, not the attribute names (`x.f`: x) nor the keywords
    (`partial(g, lr=lr)`: g, lr once) it spells."""
    spelled: set[int] = set()
    names: set[str] = set()
    for n in walk_all(node):  # one walk: a node comes before its children
        kind = type(n)
        if kind is cst.Attribute:
            spelled.add(id(n.attr))
        elif kind is cst.Arg and n.keyword is not None:
            spelled.add(id(n.keyword))
        elif kind is cst.Name and id(n) not in spelled:
            names.add(n.value)
    return names


def _attribute_key(func: cst.Attribute) -> str:
    """`t.step` of a call `t.step(x)` (`t` a name), as `Loop.called` keeps it."""
    return f"{func.value.value}.{func.attr.value}"  # type: ignore[attr-defined]


def _target_names(node: cst.CSTNode) -> set[str]:
    if isinstance(node, cst.Assign):
        return set().union(*(_names(t.target) for t in node.targets))
    return _names(node.target)  # type: ignore[attr-defined]


def _is_literal(node: cst.BaseExpression) -> bool:
    """An integer, or a tuple/list/set/dict display (what a bounded loop may run over)."""
    return literal_int(node) is not None or type(node) in (cst.Tuple, cst.List, cst.Set, cst.Dict)


def _numbers(display: cst.Tuple | cst.List | cst.Set | cst.Dict) -> bool:
    """A display of number literals alone (`[32, 17, -1, 0.5]`; a dict's keys), none starred."""
    entries = [e.key if isinstance(e, cst.DictElement) else e.value for e in display.elements if isinstance(e, (cst.Element, cst.DictElement))]
    return len(entries) == len(display.elements) and all(
        isinstance(v.expression if isinstance(v, cst.UnaryOperation) else v, (cst.Integer, cst.Float)) for v in entries
    )


def _integral(display: cst.Tuple | cst.List) -> bool:
    """A tuple or list display that can be a shape: no float, string or nested display."""
    return bool(display.elements) and not any(
        isinstance(e.value, (cst.Float, cst.SimpleString, cst.FormattedString, cst.Tuple, cst.List, cst.Dict)) for e in display.elements
    )


def _small(node: cst.BaseExpression) -> bool:
    """An integer literal of at most `_FEW_VALUES` (a float bound, `min(s / n, 1.0)`, leaves
    every value below it new)."""
    value = literal_int(node)
    return value is not None and abs(value) <= _FEW_VALUES


def _number(node: cst.BaseExpression) -> float | None:
    if isinstance(node, (cst.Integer, cst.Float)):
        return node.evaluated_value
    return None


def _without_hash(cls: ClassInfo, analysis: ModuleAnalysis) -> bool:
    """Whether Python sets the class's `__hash__` to None: it defines `__eq__` without
    `__hash__`, or is a `dataclasses.dataclass` comparing by value (`eq`, the default) that is
    neither frozen nor `unsafe_hash` (other dataclass decorators, flax's and chex's, are left
    out: their defaults differ)."""
    if "__hash__" in cls.methods:
        return False
    if "__eq__" in cls.methods:
        return True
    for decorator in cls.node.decorators:
        node = decorator.decorator
        if analysis.resolve(node.func if isinstance(node, cst.Call) else node) != "dataclasses.dataclass":
            continue
        options = {a.keyword.value: a.value for a in node.args if a.keyword is not None} if isinstance(node, cst.Call) else {}
        truthy = {k for k, v in options.items() if not (isinstance(v, cst.Name) and v.value == "False")}
        return not ({"frozen", "unsafe_hash"} & truthy) and "eq" in truthy | ({"eq"} - set(options))
    return False
