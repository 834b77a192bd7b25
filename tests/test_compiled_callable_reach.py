"""Every call of a compiled callable reached from host code, however the callable gets there (stop 51).

Properties, each written from benchmarks/call_spellings.py's axes (its programs' labels come from
runs: tests/data/spellings/calls) with three other spellings and a fine look-alike:

- A memoised factory (a module function or method under `functools.lru_cache` or
  `functools.cache`, `[storms] memoizers`) hands back one object per arguments: a call of what it
  returns is a call of that compiled callable, keyed as it was made (`make()(x, i + 1)`), and
  never a new identity (run: `lru_cache`d `make()` returning `jax.jit(lambda ...)`, called each
  pass: 1 trace in 8 passes; returning `jax.jit(body, static_argnums=1)`: 4 -> 8).
- `functools.partial` of a compiled callable is that callable with its positions shifted past
  the bound ones, whether its first argument is a name or the wrapper application itself
  (`partial(jax.jit(body, static_argnums=1), b=0.5)`: 4 -> 8).
- Lowering a compiled callable (`[storms] lowering`: JAX's `C.lower(*args)` and `C.trace(*args)`,
  TF's `C.get_concrete_function(*args)`) traces it for the key of its arguments as a call
  does; a wrapper application lowered at once (`jax.jit(lambda v: ...).lower(x)`) is one
  called at once (runs: `F.lower(x, i + 1).compile()`, `jax.jit(body).lower(jnp.ones(i + 1),
  2.0)`: 4 -> 8; `get_concrete_function(tf.TensorSpec([i + 1]))`: 4 traces in 4 passes). A
  binding made under `if KEY not in HOLDER:` into `HOLDER[KEY]`, the same key, is made once per
  key (a memo), however often its function runs; under another key it is made on every call.
- A module function whose every `return` is a local function calling the function's
  parameter with the local function's own `*args` and `**kwargs` (a logging or timing
  decorator) gives back what calls that parameter with the same arguments: applied to a
  compiled callable, its result is that compiled callable, keyed alike (`logged(jax.jit(body,
  static_argnums=1))`: 4 -> 8).
- A class attribute bound in the class body to a compiled callable is it, called through the
  class (`Steps.mul(x, i + 1)`; run: 4 -> 8).
- A factory whose every `return` applies a wrapper that keeps its cache in the object it returns
  (`tf.function`, `dlaccelerate`: `[cache_key] identity = "wrapper"`) makes a new compiled
  callable on each call, whatever it wraps, even a module function (`return tf.function(body)`,
  `make()(x, 2.0)` on each pass: 4 -> 8 traces; `jax.jit(body)` so: cached on `body`, 1).
- A wrapper applied on each pass to a fresh callable and handed to a function of the module that
  calls that parameter once, in no loop of its own, is made and run on that pass
  (`epoch(jax.jit(lambda v: ...), x)`: 4 -> 8); one the function runs in a loop of its own is
  reused there (a compile per pass that the pass reuses, as ACC501's page has it), and one it
  only keeps is not run.
- A torch module compiled in place (`model.compile()`, `[storms] compiles_in_place`) is a
  compiled module from then on: its calls are keyed as `torch.compile(model)`'s, guards and all
  (call_spellings.py torch_model_compile_in_place: a `forward` stepping an int attribute, 4 -> 8
  compiles; torch 2.13).
- A wrapper applied to a fresh callable inside a dict or list display the pass binds is made
  anew on each pass, and the pass's one call of an item of it runs it (`fns = {"mul":
  jax.jit(lambda v: ...)}`, `fns["mul"](x)`: 4 -> 8, call_spellings.py dict_rebuilt_lambda).
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

BODY = """
def body(v, k, b=1.0):
    return v * k + b
"""
LOGGED = """
def logged(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        return fn(*args, **kwargs)
    return inner
"""

MEMOISED = {
    "an lru_cache'd factory's compiled callable, a static argument new each pass": BODY + """
@functools.lru_cache
def make():
    return jax.jit(body, static_argnums=1)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        make()(x, i + 1)  # expect: ACC502
""",
    "functools.cache'd factory, a float static argument through a caller": BODY + """
@functools.cache
def get_step():
    return jax.jit(body, static_argnums=1)

def one(x, i):
    return get_step()(x, float(i))  # expect: ACC502

def run(n):
    for i in range(n):
        one(jnp.ones(3), i)
""",
    "a plain factory's compiled callable called at once, a new shape each pass": BODY + """
def make():
    return jax.jit(body)

def run(n):
    for i in range(n):
        make()(jnp.ones(i + 1), 2.0)  # expect: ACC503
""",
    "a method's compiled callable called at once, a static argument new each pass": BODY + """
class Steps:
    def compiled(self):
        return jax.jit(body, static_argnums=1)

def run(n):
    steps = Steps()
    x = jnp.ones(3)
    for i in range(n):
        steps.compiled()(x, i + 1)  # expect: ACC502
""",
    "look-alike: an lru_cache'd factory of a jitted lambda, called each pass": """
@functools.lru_cache
def make():
    return jax.jit(lambda v, k: v * k)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        make()(x, 2.0)
""",
    "look-alike: an lru_cache'd factory's compiled callable, an invariant static argument": BODY + """
@functools.lru_cache(maxsize=None)
def make():
    return jax.jit(body, static_argnums=1)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        make()(x * i, 3)
""",
}

PARTIALS = {
    "partial of a jit application, a static argument new each pass": BODY + """
F = functools.partial(jax.jit(body, static_argnums=1), b=0.5)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F(x, i + 1)  # expect: ACC502
""",
    "partial of a filter_jit application binding the array, a Python int each pass": BODY + """
import equinox as eqx
F = partial(eqx.filter_jit(body), jnp.ones(3))

def run(n):
    for i in range(n):
        F(i + 1)  # expect: ACC502
""",
    "partial of a tf.function application, a new shape each pass": """
def scale(v, w):
    return v * w

F = functools.partial(tf.function(scale), w=2.0)

def run(n):
    for i in range(n):
        F(tf.ones([i + 1]))  # expect: ACC503
""",
    "look-alike: partial of a jit application, an invariant static argument": BODY + """
F = functools.partial(jax.jit(body, static_argnums=1), b=0.5)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F(x * i, 3)
""",
}

LOWERED = {
    "a compiled name lowered with a static argument new each pass": BODY + """
F = jax.jit(body, static_argnums=1)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F.lower(x, i + 1).compile()  # expect: ACC502
""",
    "a jit application lowered at once with a new shape each pass": BODY + """
def run(n):
    for i in range(n):
        exe = jax.jit(body).lower(jnp.ones(i + 1), 2.0).compile()  # expect: ACC503
        exe(jnp.ones(i + 1), 2.0)
""",
    "a jitted lambda lowered at once on each pass": """
def run(n):
    x = jnp.ones(3)
    for i in range(n):
        jax.jit(lambda v: v * 2.0).lower(x).compile()(x)  # expect: ACC501
""",
    "a compiled name traced with a new shape each pass": BODY + """
F = jax.jit(body)

def run(n):
    for i in range(n):
        F.trace(jnp.zeros((i + 1, 3)), 2.0)  # expect: ACC503
""",
    "a tf.function's concrete function for a new shape each pass": """
@tf.function
def double(v):
    return v * 2.0

def run(n):
    for i in range(n):
        double.get_concrete_function(tf.ones([i + 1]))  # expect: ACC503
""",
    "look-alike: lowered and compiled once, the executable called each pass": BODY + """
EXE = jax.jit(body).lower(jnp.ones(3), 2.0).compile()

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        EXE(x * i, 2.0)
""",
    "a memo whose test and binding disagree on the key: lowered and compiled on every call (maxtext)": """
class Engine:
    def __init__(self):
        self.compiled = {}

    def _step(self, x, n):
        return x * n

    def prefill(self, x, n, logp):
        if (n, logp) not in self.compiled:
            self.compiled[(n, logp, 0)] = jax.jit(self._step, static_argnums=1).lower(x, n).compile()  # expect: ACC501
        return self.compiled[(n, logp, 0)]

    def serve(self, xs):
        for x in xs:
            self.prefill(x, 3, False)(x)
""",
    "look-alike: a memo lowering and compiling once per key": """
class Engine:
    def __init__(self):
        self.compiled = {}

    def _step(self, x, n):
        return x * n

    def prefill(self, x, n):
        if n not in self.compiled:
            self.compiled[n] = jax.jit(self._step, static_argnums=1).lower(x, n).compile()
        return self.compiled[n]

    def serve(self, xs):
        for x in xs:
            self.prefill(x, 3)(x)
""",
    "look-alike: a compiled name lowered with an invariant static argument": BODY + """
F = jax.jit(body, static_argnums=1)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F.lower(x * i, 3)
""",
}

DECORATED_AFTER = {
    "a logging decorator applied to a jit, a static argument new each pass": BODY + LOGGED + """
F = logged(jax.jit(body, static_argnums=1))

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F(x, i + 1)  # expect: ACC502
""",
    "a timing decorator called at once on a jit, a new shape each pass": BODY + """
import time

def timed(fn):
    def inner(*a, **kw):
        start = time.time()
        out = fn(*a, **kw)
        print(time.time() - start)
        return out
    return inner

def run(n):
    for i in range(n):
        timed(jax.jit(body))(jnp.ones(i + 1), 2.0)  # expect: ACC503
""",
    "a decorator stacked on a decorated jit, a static argument new each pass (found at 7e3653d too)": LOGGED + """
@logged
@partial(jax.jit, static_argnums=1)
def update(v, k):
    return v * k

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        update(x, i + 1)  # expect: ACC502
""",
    "a decorated jit handed to a function holding the loop": BODY + LOGGED + """
def train(step_fn, x, n):
    for i in range(n):
        step_fn(x, float(i))  # expect: ACC502

def run(n):
    train(logged(jax.jit(body, static_argnums=1)), jnp.ones(3), n)
""",
    "look-alike: a decorator that calls nothing it is given": BODY + """
def stub(fn):
    def inner(*args, **kwargs):
        return 0.0
    return inner

F = stub(jax.jit(body, static_argnums=1))

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F(x, i + 1)
""",
    "look-alike: a logging decorator on a jit, an invariant static argument": BODY + LOGGED + """
F = logged(jax.jit(body, static_argnums=1))

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F(x * i, 3)
""",
}


CLASS_ATTRIBUTES = {
    "a class attribute jitted with a static argument new each pass": BODY + """
class Steps:
    mul = jax.jit(body, static_argnums=1)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        Steps.mul(x, i + 1)  # expect: ACC502
""",
    "a class attribute jitted, a new shape each pass in a caller": BODY + """
class Steps:
    mul = jax.jit(body)

def one(i):
    return Steps.mul(jnp.ones(i + 1), 2.0)  # expect: ACC503

def run(n):
    for i in range(n):
        one(i)
""",
    "a class attribute tf.function, a Python float each pass": """
def scale(v, w):
    return v * w

class Steps:
    scaled = tf.function(scale)

def run(n):
    x = tf.ones(3)
    for i in range(n):
        Steps.scaled(x, 0.1 * i)  # expect: ACC502
""",
    "look-alike: a class attribute jitted, an invariant static argument": BODY + """
class Steps:
    mul = jax.jit(body, static_argnums=1)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        Steps.mul(x * i, 3)
""",
}

WRAPPER_FACTORIES = {
    "a factory of a tf.function of a module function, called at once each pass": """
def scale(v, w):
    return v * w

def make():
    return tf.function(scale)

def run(n):
    x = tf.ones(3)
    for i in range(n):
        make()(x, 2.0)  # expect: ACC501
""",
    "a factory of a tf.function, its result bound and called each pass": """
def scale(v, w):
    return v * w

def make_step():
    step = tf.function(scale)
    return step

def run(n):
    x = tf.ones(3)
    for i in range(n):
        fn = make_step()  # expect: ACC501
        fn(x, 2.0)
""",
    "a factory of a tf.function called in a function run each pass": """
def scale(v, w):
    return v * w

def make():
    return tf.function(scale)

def one(x):
    return make()(x, 2.0)  # expect: ACC501

def run(n):
    x = tf.ones(3)
    for i in range(n):
        one(x)
""",
    "look-alike: a factory of a jit of a module function, called at once each pass": BODY + """
def make():
    return jax.jit(body)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        make()(x * i, 2.0)
""",
    "look-alike: a factory handing back a tf.function made once": """
def scale(v, w):
    return v * w

STEP = tf.function(scale)

def make():
    return STEP

def run(n):
    x = tf.ones(3)
    for i in range(n):
        make()(x, 2.0)
""",
}

HANDED = {
    "a jitted lambda handed each pass to a function calling it once": """
def epoch(step_fn, x):
    return step_fn(x)

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        epoch(jax.jit(lambda v: v * 2.0), x)  # expect: ACC501
""",
    "a tf.function of a lambda handed by keyword to a function calling it once": """
def evaluate(x, fn=None):
    out = fn(x)
    return out

def run(n):
    x = tf.ones(3)
    for i in range(n):
        evaluate(x, fn=tf.function(lambda v: v * 2.0))  # expect: ACC501
""",
    "a jitted partial handed each pass to a method calling it once": BODY + """
class Runner:
    def once(self, fn, x):
        return fn(x, 2.0)

def run(n):
    runner = Runner()
    x = jnp.ones(3)
    for i in range(n):
        runner.once(jax.jit(functools.partial(body, b=0.5)), x)  # expect: ACC501
""",
    "look-alike: a jitted lambda handed each pass to a function looping over it": """
def epoch(step_fn, xs):
    for x in xs:
        step_fn(x)

def run(n):
    xs = [jnp.ones(3)] * 4
    for i in range(n):
        epoch(jax.jit(lambda v: v * 2.0), xs)
""",
    "look-alike: a jitted lambda handed each pass to a function that only keeps it": """
KEPT = []

def keep(step_fn):
    KEPT.append(step_fn)

def run(n):
    for i in range(n):
        keep(jax.jit(lambda v: v * 2.0))
""",
}

COUNTING = """
class Counting(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def forward(self, v):
        self.calls += 1
        return v * self.calls
"""
SCALED = """
class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.k = 1

    def forward(self, v):
        return v * self.k
"""
IN_PLACE = {
    "a module compiled in place whose forward steps an int attribute": COUNTING + """
def run(n):
    model = Counting()
    model.compile()
    x = torch.ones(3)
    for i in range(n):
        model(x)  # expect: ACC505
""",
    "a module-level module compiled in place, called in a function's loop": COUNTING + """
NET = Counting()
NET.compile()

def run(n):
    x = torch.ones(3)
    for i in range(n):
        NET(x)  # expect: ACC505
""",
    "a module compiled in place whose attribute the loop sets to a new int": SCALED + """
def run(n):
    model = Scaled()
    model.compile()
    x = torch.ones(3)
    for i in range(n):
        model.k = i + 1
        model(x)  # expect: ACC505
""",
    "look-alike: a module compiled in place, nothing its forward reads changing": SCALED + """
def run(n):
    model = Scaled()
    model.compile()
    x = torch.ones(3)
    for i in range(n):
        model(x * i)
""",
    "look-alike: the same module never compiled": COUNTING + """
def run(n):
    model = Counting()
    x = torch.ones(3)
    for i in range(n):
        model(x)
""",
}

REBUILT = {
    "a dict of a jitted lambda rebuilt each pass, its item called": """
def run(n):
    x = jnp.ones(3)
    for i in range(n):
        fns = {"mul": jax.jit(lambda v: v * 2.0)}  # expect: ACC501
        fns["mul"](x)
""",
    "a list of a jitted partial rebuilt each pass, its item called": """
def scale(v, k):
    return v * k

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        fns = [jax.jit(functools.partial(scale, k=2.0))]  # expect: ACC501
        fns[0](x)
""",
    "a dict of a tf.function of a lambda rebuilt in a while loop": """
def run(n):
    x = tf.ones(3)
    i = 0
    while i < n:
        steps = {"double": tf.function(lambda v: v * 2.0)}  # expect: ACC501
        steps["double"](x)
        i += 1
""",
    "look-alike: a dict of a jit of a module function rebuilt each pass": """
def scale(v):
    return v * 2.0

def run(n):
    x = jnp.ones(3)
    for i in range(n):
        fns = {"mul": jax.jit(scale)}
        fns["mul"](x * i)
""",
    "look-alike: a dict of jitted lambdas built once, its item called each pass": """
def run(n):
    x = jnp.ones(3)
    fns = {"mul": jax.jit(lambda v: v * 2.0)}
    for i in range(n):
        fns["mul"](x * i)
""",
}


def check(body: str) -> None:
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected


@pytest.mark.parametrize("body", MEMOISED.values(), ids=MEMOISED.keys())
def test_a_memoised_factory_hands_back_one_compiled_callable(body):
    check(body)


@pytest.mark.parametrize("body", PARTIALS.values(), ids=PARTIALS.keys())
def test_a_partial_of_a_wrapper_application_is_that_compiled_callable(body):
    check(body)


@pytest.mark.parametrize("body", LOWERED.values(), ids=LOWERED.keys())
def test_lowering_a_compiled_callable_traces_it_for_its_arguments(body):
    check(body)


@pytest.mark.parametrize("body", DECORATED_AFTER.values(), ids=DECORATED_AFTER.keys())
def test_a_forwarding_decorator_passes_the_compiled_callable_through(body):
    check(body)


@pytest.mark.parametrize("body", CLASS_ATTRIBUTES.values(), ids=CLASS_ATTRIBUTES.keys())
def test_a_class_attribute_bound_to_a_compiled_callable_is_it(body):
    check(body)


@pytest.mark.parametrize("body", WRAPPER_FACTORIES.values(), ids=WRAPPER_FACTORIES.keys())
def test_a_factory_of_a_wrapper_keeping_its_own_cache_makes_a_new_one_each_call(body):
    check(body)


@pytest.mark.parametrize("body", HANDED.values(), ids=HANDED.keys())
def test_a_fresh_compiled_callable_handed_to_a_function_that_runs_it_once(body):
    check(body)


@pytest.mark.parametrize("body", IN_PLACE.values(), ids=IN_PLACE.keys())
def test_a_module_compiled_in_place_is_a_compiled_module(body):
    check(body)


@pytest.mark.parametrize("body", REBUILT.values(), ids=REBUILT.keys())
def test_a_display_of_fresh_compiled_callables_rebuilt_each_pass(body):
    check(body)
