"""The brief's precision round 7 (JAX): four dev reports acclint got wrong, each fixed at its
cause and tested on other spellings of the property, written fresh, beside look-alikes.

Every snippet is linted whole; `# expect: CODE` marks each line that must be reported, and no
other line may be. The hazards were run with jax 0.10.2 (`_run` below: the compiled result
against the eager one).
"""

from __future__ import annotations

import textwrap

import pytest

from acclint.run.config import Settings
from labelled import assert_labels_match

# -- 1. a print that announces the trace (jax_2813 `print("recompiling")`, jax_9288 -----------
# `print("i am being jitted")`): its author counts traces with it, as a trace counter does, so
# once per trace is what it is for. Left to pedantic, like the counters.

ANNOUNCED = """
    import logging
    import sys
    import jax

    logger = logging.getLogger(__name__)

    @jax.jit
    def g(x, y):
        print("recompiling")  # pedantic: ACC401
        print("i am being jitted")  # pedantic: ACC401
        print(f"Tracing g for shape {x.shape}")  # pedantic: ACC401
        sys.stdout.write("JITTING step\\n")  # pedantic: ACC401
        logger.info("compiling g with %s", y)  # pedantic: ACC403
        print("extracting features", x)  # expect: ACC401
        print("traceback follows")  # expect: ACC401
        print("step", y)  # expect: ACC401
        return x + y
"""


def test_a_print_announcing_the_trace_is_not_reported():
    """Fine at the default strictness (each of the five announcing lines was reported
    before); whole words only, so "extracting" and "traceback" announce nothing."""
    assert_labels_match(ANNOUNCED)


def test_pedantic_reports_a_print_announcing_the_trace():
    pedantic = ANNOUNCED.replace("# pedantic:", "# expect:")
    assert_labels_match(pedantic, Settings(strictness="pedantic"))


# -- 2. a jax.random result is a tracer in a jitted trace, whatever its arguments --------------
# flax_112: `_rng_stack[-1] = rng` where `rng` comes from `jax.random.split` of a module-level
# key. The write was taken for a registry fill of Python values (`_registry_fill`): a split of
# a constant key looked static. Under jit it is staged (a DynamicJaxprTracer, run below).


def test_an_outer_container_given_a_key_the_trace_made():
    """Four containers, each written by one function: a split in a helper (the report's
    shape), a fold_in into a dict, an unpacking into an item (missed before for a second
    reason: only plain subscript targets were checked), a key made from a constant seed."""
    assert_labels_match("""
        import jax

        _rng_stack = [jax.random.PRNGKey(0)]
        _state = {"key": jax.random.PRNGKey(1)}
        _keys = [jax.random.PRNGKey(2)]
        _REGISTRY = {}
        _shapes = {}

        def make_rng():
            rng, subkey = jax.random.split(_rng_stack[-1])
            _rng_stack[-1] = rng  # expect: ACC406
            return subkey

        def next_key():
            _keys[0], sub = jax.random.split(_keys[0])  # expect: ACC406
            return sub

        @jax.jit
        def rnd(x):
            _state["key"] = jax.random.fold_in(_state["key"], 1)  # expect: ACC406
            _REGISTRY["init"] = jax.random.PRNGKey(0)  # expect: ACC406
            _REGISTRY["dtype"] = "float32"
            _shapes["x"] = x.shape
            return jax.random.uniform(make_rng(), x.shape) + jax.random.uniform(next_key(), x.shape) + x
    """)


def test_an_outer_container_written_outside_any_trace_is_fine():
    assert_labels_match("""
        import jax

        _rng_stack = [jax.random.PRNGKey(0)]

        def make_rng():
            _rng_stack[-1], subkey = jax.random.split(_rng_stack[-1])
            return subkey

        @jax.jit
        def rnd(key, x):
            return jax.random.uniform(key, x.shape) + x

        for _ in range(3):
            rnd(make_rng(), jax.numpy.ones(2))
    """)


# -- 3. a method of an object from outside the trace, called in it ----------------------------
# objax_208: `DEFAULT_GENERATOR()` in a helper of the jitted function runs
# `Generator.__call__`, which splits `self.key`: a write the trace does once. A call of an
# instance (or of its method) bound outside every trace now reaches the method; an instance
# the trace makes itself stays scratch.

GENERATOR = """
    import jax

    class Generator:
        def __init__(self, seed=0):
            self.key = jax.random.PRNGKey(seed)

        def __call__(self):
            self.key, k = jax.random.split(self.key)  # expect: ACC409
            return k

        def draw(self):
            self.key, k = jax.random.split(self.key)  # expect: ACC409
            return k

        def peek(self):
            return self.key
"""


def test_the_generator_called_through_a_helper():
    assert_labels_match(_without_label(GENERATOR, "draw") + """
    DEFAULT_GENERATOR = Generator()

    def uniform(shape):
        return jax.random.uniform(DEFAULT_GENERATOR(), shape)

    function_jit = jax.jit(lambda: uniform((1,)))
    outs = [function_jit() for _ in range(3)]
    """)


def test_a_method_of_an_instance_a_factory_made():
    """`GEN.draw()` on an instance `make_generator()` returns; `peek` only reads."""
    assert_labels_match(_without_label(GENERATOR, "__call__") + """
    def make_generator():
        return Generator(1)

    GEN = make_generator()

    @jax.jit
    def noisy(x):
        return x + jax.random.normal(GEN.draw(), x.shape) + GEN.peek()[0]
    """)


def test_a_counter_object_of_an_eager_function_and_scratch_made_in_the_trace():
    assert_labels_match("""
        import jax

        class Counter:
            def __init__(self):
                self.n = 0

            def bump(self):
                self.n += 1  # expect: ACC409

        class Scratch:
            def __init__(self):
                self.total = 0.0

            def add(self, x):
                self.total = self.total + x

        def train(xs):
            counter = Counter()

            @jax.jit
            def step(x):
                counter.bump()
                s = Scratch()
                s.add(x)
                return s.total * 2

            return [step(x) for x in xs], counter.n
    """)


def test_a_method_called_only_eagerly_is_fine():
    assert_labels_match(_without_label(_without_label(GENERATOR, "__call__"), "draw") + """
    GEN = Generator()

    @jax.jit
    def noisy(x, key):
        return x + jax.random.normal(key, x.shape)

    for _ in range(3):
        noisy(jax.numpy.ones(2), GEN.draw())
    """)


def _without_label(source: str, method: str) -> str:
    """`source` with the label of `method`'s write taken off (that method is not reached)."""
    head, _, tail = source.partition(f"def {method}(self):")
    body, sep, rest = tail.partition("return k")
    return head + f"def {method}(self):" + body.replace("  # expect: ACC409", "") + sep + rest


# -- the runs behind the labels (skipped without jax) -----------------------------------------


def _run(source: str) -> dict:
    namespace: dict = {}
    exec(compile(textwrap.dedent(source), "<run>", "exec"), namespace)
    return namespace


def test_runs_the_hazards_and_the_fine_look_alikes():
    jax = pytest.importorskip("jax", reason="jax is not installed: the runs need it")
    seen = _run("""
        import jax
        kinds = []

        @jax.jit
        def f():
            kinds.append(type(jax.random.split(jax.random.PRNGKey(0))[0]).__name__)
            kinds.append(type(jax.random.fold_in(jax.random.PRNGKey(0), 1)).__name__)
            return 0
        f()
    """)
    assert seen["kinds"] == ["DynamicJaxprTracer"] * 2
    counter = _run("""
        import jax

        class Counter:
            def __init__(self):
                self.n = 0

            def bump(self):
                self.n += 1

        class Scratch:
            def __init__(self):
                self.total = 0.0

            def add(self, x):
                self.total = self.total + x

        counter = Counter()

        @jax.jit
        def step(x):
            counter.bump()
            s = Scratch()
            s.add(x)
            return s.total * 2

        outs = [float(step(float(i))) for i in range(3)]
    """)
    assert counter["counter"].n == 1  # three calls, one bump: the write ran while tracing only
    assert counter["outs"] == [0.0, 2.0, 4.0]  # the scratch object is right on every call
    generator = _run(GENERATOR.replace("# expect: ACC409", "") + """
    DEFAULT_GENERATOR = Generator()
    function_jit = jax.jit(lambda: jax.random.uniform(DEFAULT_GENERATOR(), (1,)))
    outs = [float(function_jit()[0]) for _ in range(3)]
    """)
    assert len(set(generator["outs"])) == 1  # the same number three times
    del jax
