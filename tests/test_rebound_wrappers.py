"""A name rebound to a wrapper applied to the function it names is that function, compiled.

Property: after `def f(...)`, the straight-line statement `f = jax.jit(f, ...)` (as
`tf.function(f)`, `torch.compile(f)`) makes `f` the compiled callable wherever it is called
later, exactly as `@jax.jit` / `@partial(jax.jit, ...)` on the def would: the def's plain binding
is replaced, not a second value of the name. Found by benchmarks/reports/perturb.py (rewrite
R3, decorator to call form: 12 of the dev half's storm labels were lost, e.g. jax_19429,
keras_18689, learnopencv_806, pytorch_114293; and the body of the rebound def, which runs only
while tracing, was walked as host code: a tf.function made in it is no storm, dev
tf_keras_254 and vegasflow_85, verified fine).

Run (benchmarks/framework_runs.py `rebound_wrapper_call_form`; jax 0.10.2, TF 2.21, torch
2.13): `fn = jax.jit(fn)` called on `jnp.zeros(i)` for 8 values of `i` traces 8 times, as the
decorated def does; `step = tf.function(step)` given a Python int epoch traces once per epoch;
`acc = torch.compile(acc)` given new Python ints recompiles (to the recompile limit), each as its
decorated twin.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

CASES = {
    "jax: the def's name rebound to its jit, called on a new shape per pass": """
def fn(x):
    return x + 1

fn = jax.jit(fn)

for i in range(10):
    res = fn(jnp.zeros(i))  # expect: ACC503
""",
    "jax: rebound with static_argnames, the static argument new per pass": """
def train_step(state, batch, epoch):
    return state + batch * epoch

train_step = jax.jit(train_step, static_argnames=["epoch"])

state = jnp.zeros(3)
for epoch in range(100):
    state = train_step(state, jnp.ones(3), epoch=epoch)  # expect: ACC502
""",
    "tf: tf.function of the def bound to its own name, a Python epoch per pass": """
def train_step(x, epoch):
    return x * tf.cast(epoch, tf.float32)

train_step = tf.function(train_step)

x = tf.ones(3)
for epoch in range(50):
    x = train_step(x, epoch)  # expect: ACC502
""",
    "torch: torch.compile of the def bound to its own name, new Python bounds per pass": """
def accumulate(x, start, end):
    for k in range(start, end):
        x = x + k
    return x

accumulate = torch.compile(accumulate)

x0 = torch.zeros(3)
for i in range(20):
    accumulate(x0, i, i + 10)  # expect: ACC502
""",
    "jax: rebound inside a function, called in its loop": """
def main():
    def fn(x):
        return x * 2

    fn = jax.jit(fn)
    for i in range(10):
        fn(jnp.zeros(i))  # expect: ACC503
""",
    "look-alike: the rebound jit called on one shape": """
def fn(x):
    return x + 1

fn = jax.jit(fn)

for i in range(10):
    res = fn(jnp.zeros(3))
""",
    "look-alike: a tf.function made inside the body of a def rebound to its tf.function": """
dataset = tf.data.Dataset.from_tensor_slices(tf.ones((16, 3))).batch(4)

def train_epoch(batches):
    @tf.function
    def step_fn(x):
        return tf.reduce_sum(x)

    total = 0.0
    for x in batches:
        total += step_fn(x)
    return total

train_epoch = tf.function(train_epoch)

for _ in range(8):
    loss = train_epoch(dataset)
""",
    "look-alike: rebound only on one branch, the name is either": """
def fn(x):
    return x + 1

if FAST:
    fn = jax.jit(fn)

for i in range(10):
    res = fn(jnp.zeros(i))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_def_rebound_to_its_own_wrapper_is_the_compiled_callable(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert set(found) == set(expected)  # torch: one ACC502 per new bound, both on the call's line


# The same def, read by the hidden-input model (ACC6: its calls are the compiled callable's
# builds and hits) and by ACC3 (a marker tracing every leaf of its arguments): perturb.py R3
# lost dev jax_faq, elicito_52, jax_13992, openillumi (ACC6) and jax_6853 (ACC3).
OTHER = {
    "ACC6: a global rebound by a loop's target, read by the rebound def (jax_faq)": ("ACC6", """
y = 0

def impure_func(x):
    return x + y  # expect: ACC601

impure_func = jax.jit(impure_func)

for y in range(3):
    impure_func(1.0)
"""),
    "ACC6: a tf.function rebound to its name, a global rescaled between calls": ("ACC6", """
scale = 1.0

def simulate(x):
    return x * scale  # expect: ACC601

simulate = tf.function(simulate)

out = simulate(tf.constant(1.0))
scale = 2.0
out = simulate(tf.constant(1.0))
"""),
    "ACC6: jit with static_argnums rebound, the static object's attribute written between calls": ("ACC6", """
class Box:
    def __init__(self, val):
        self.val = val

def add(v, y):
    return y + v.val  # expect: ACC604

add = jax.jit(add, static_argnums=0)

v = Box(100)
r1 = add(v, 1)
v.val = 0
r2 = add(v, 1)
"""),
    "ACC3: an entry of a dict argument slices, the def rebound to its jit (jax_6853)": ("ACC3", """
def foo(x, d):
    return x[: d["num"]]  # expect: ACC305

foo = jax.jit(foo)
out = foo(jnp.arange(10), {"num": 5})
"""),
    "look-alike: the global set before the rebound def's first call": ("ACC6", """
y = 0

def impure_func(x):
    return x + y

impure_func = jax.jit(impure_func)
y = 2
a = impure_func(1.0)
b = impure_func(2.0)
"""),
}


@pytest.mark.parametrize("family, body", OTHER.values(), ids=OTHER.keys())
def test_the_rebound_def_is_compiled_for_the_other_analyses(family, body):
    expected, found = family_labels_and_findings(HEADER + body, family)
    assert set(found) == set(expected)

