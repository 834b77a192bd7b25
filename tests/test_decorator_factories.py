"""A decorator factory's result is the wrapper the function it returns is.

Property: calling a module-level function that returns one of its nested functions gives that
nested function; when the nested function is a wrapper of its callable parameter (it hands it to
`tf.function` / `jax.jit`, or calls it in a function such a marker compiles), `factory(...)(f)`
and `@factory(...)` apply that marker to `f`, as `jax.jit(f)` would: `f` is in the context
(ACC4 and the rest apply in its body), and a wrapper applied on every pass of an unbounded loop
makes a new compiled callable each pass (ACC501 at the call). Written for the dev report
onnxruntime_27665 (the transformers benchmark's `run_with_tf_optimizations(do_eager_mode,
use_xla)` decorating a forward defined per configuration, a new `tf.function` each time).

Run (tensorflow-cpu 2.21, jax 0.10.2; traces counted by a Python counter in the wrapped body, 6
passes; the eager twin for the print): the ACC501 spellings 6, 6 and 6 traces; the print in a
factory-decorated tf.function runs once in 3 calls (3 eagerly). Look-alikes: the factory
applied once before the loop, its result called 6 times with same-shaped tensors: 1 trace; a
literal loop over two configurations (lambda_packs_58's shape): 2 traces, one per configuration,
as the loop is bounded; a factory whose decorator only logs: the print runs on every call.
"""

from pathlib import Path

import pytest

from acclint.api import lint_paths
from labelled import family_labels_and_findings
from two_modules import write_files
from test_cache_keys import HEADER

PRELUDE = """
from functools import wraps

def run_with_tf_optimizations(do_eager_mode, use_xla):
    def run_func(func):
        @wraps(func)
        def run_in_eager_mode(*args, **kwargs):
            return func(*args, **kwargs)

        @wraps(func)
        @tf.function(jit_compile=use_xla)
        def run_in_graph_mode(*args, **kwargs):
            return func(*args, **kwargs)

        if do_eager_mode is True:
            return run_in_eager_mode
        return run_in_graph_mode

    return run_func

def compiled(xla):
    def deco(func):
        return tf.function(func, jit_compile=xla)
    return deco

def jit_with(**options):
    def apply(fn):
        return jax.jit(fn, **options)
    return apply

def logged(tag):
    def deco(func):
        @wraps(func)
        def inner(*args):
            print(tag)
            return func(*args)
        return inner
    return deco
"""

CASES = {
    "a factory's decorator on a forward defined per configuration (onnxruntime_27665)": """
def benchmark(model, lengths):
    for n in lengths:
        ids = tf.ones((1, n))

        @run_with_tf_optimizations(do_eager_mode=False, use_xla=False)
        def forward():
            return model(ids)

        forward()  # expect: ACC501

benchmark(tf.keras.layers.Activation("tanh"), list(range(4, 10)))
""",
    "a factory returning tf.function(func), decorating a local def in a while loop": """
def sweep(n):
    k = 0
    while k < n:
        @compiled(False)
        def scaled(x):
            return x * k
        scaled(tf.ones(3))  # expect: ACC501
        k += 1

sweep(6)
""",
    "a jax.jit factory applied to a new lambda on each pass": """
def train(xs):
    for lr in xs:
        jit_with()(lambda p: p * lr)(jnp.ones(3))  # expect: ACC501

train([0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
""",
    "a print in a function a factory's decorator compiles runs once per trace": """
@compiled(False)
def step(x):
    print("step", x)  # expect: ACC401
    return x * 2

for i in range(3):
    step(tf.ones(3))
""",
    "look-alike: the factory applied once before the loop": """
def benchmark(model, batches):
    @run_with_tf_optimizations(do_eager_mode=False, use_xla=False)
    def forward(ids):
        return model(ids)

    for ids in batches:
        forward(ids)

benchmark(tf.keras.layers.Activation("tanh"), [tf.ones((1, 4))] * 6)
""",
    "look-alike: one compiled forward per configuration of a literal list (lambda_packs_58)": """
for n in [4, 8]:
    ids = tf.ones((1, n))

    @run_with_tf_optimizations(do_eager_mode=False, use_xla=False)
    def forward():
        return ids * 2

    for repeat in range(10):
        forward()
""",
    "look-alike: a factory whose decorator only logs, compiling nothing": """
@logged("step")
def step(x):
    print("called")
    return x * 2

for i in range(3):
    step(tf.ones(3))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_decorator_factory_applies_the_wrapper_it_returns(body):
    source = HEADER + PRELUDE + body
    for family in ("ACC4", "ACC5"):
        expected, found = family_labels_and_findings(source, family)
        assert found == [e for e in expected if e[1].startswith(family)]


def test_a_decorator_factory_of_another_module(tmp_path):
    """The factory is imported (`from pkg.tfopt import compiled`): its returned decorator is a
    wrapper there too (the seed of the importing file names it)."""
    root = write_files(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/tfopt.py": """
            import tensorflow as tf

            def compiled(xla):
                def deco(func):
                    return tf.function(func, jit_compile=xla)
                return deco
        """,
        "pkg/main.py": """
            from pkg.tfopt import compiled

            @compiled(False)
            def step(x):
                print("step", x)
                return x * 2

            def run(xs):
                for x in xs:
                    @compiled(False)
                    def forward():
                        return x * 2
                    forward()
        """,
    })
    found = {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root])}
    assert found == {("pkg/main.py", 6, "ACC401"), ("pkg/main.py", 14, "ACC501")}
