"""The data of the cache-key analysis: compiled callables and what they key on, loops, passes, the key
changes found, and the API tables read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from acclint.analysis.scopes import ClassInfo, FunctionInfo


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
    # List attributes its module's call grows on every call, whose length a guard reads (unless
    # the caller empties them between calls), and the name the module was bound to where known
    # (where it is, not what the key holds: two applications alike are one callable's key).
    grown: tuple[str, ...] = ()
    holder: str | None = field(default=None, compare=False)

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
    # a bounded loop whose target is a new number or str on each pass (a display of them spelt
    # each differently, a literal `range`): (target, how many passes), a grid's axis
    # (`loop_grids`); over `itertools.product(a, b)`, an axis for each item of the target
    axes: tuple[tuple[str, int], ...] = ()
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
    # what runs on each pass (a `for`'s or `while`'s body, a comprehension's element) and the
    # function the loop is in (None: module level), for what runs eagerly there (`loop_eager`)
    body: tuple[cst.CSTNode, ...] = ()
    fn: FunctionInfo | None = None

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
    # names holding a str on every pass: a function's parameters a call gives a str (`_body(prompt)`
    # in `for prompt in PROMPTS`), and the names its body binds only to those or to other strs
    strings: frozenset[str] = frozenset()


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

    def placed_args(self) -> list[tuple[cst.Arg, int | None, bool]]:
        """Each argument but a `*xs` or `**kw`, with its position among the positional ones
        (None: given by keyword) and whether the callable declares it static
        (`static_argnums` / `static_argnames`)."""
        found: list[tuple[cst.Arg, int | None, bool]] = []
        position = 0
        for arg in self.args:
            if arg.star:
                continue
            if arg.keyword is None:
                found.append((arg, position, position in self.jitted.static_positions))
                position += 1
            else:
                found.append((arg, None, arg.keyword.value in self.jitted.static_names))
        return found


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
