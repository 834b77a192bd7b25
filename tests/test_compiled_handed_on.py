"""A compiled callable a function makes anew and hands to a call that runs it is run on that call.

Property (ACC501): in a function that runs on every pass of a loop, a compiled callable made
there (a jitted local function, a wrapper applied to a lambda) is used not only where it is called
but where it is handed to another call that runs it (`scipy.optimize.minimize(loss, ...)`,
`cls.from_loss(loss=loss)`), as a loop's own hand-overs count (`measure(kernel_fn)`); so it
compiles on every pass there too. Handing it to a transform (`jax.grad(loss)`) only wraps it.
Written for the dev report ergo_338 (a classmethod per question jits its local loss and hands it
to another classmethod that minimises it with SciPy). Look-alike: a module-level jitted
function handed to the optimiser on every pass (cached on it).
Run (jax 0.10.2, scipy 1.17.1, compile log, 6 passes): 12 (the loss and its jitted gradient), 6,
6; the look-alike 1.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
import scipy.optimize
"""

CASES = {
    "handed by keyword to a classmethod that minimises it (ergo#338)": """
class Dist:
    def __init__(self, x):
        self.x = x

    @classmethod
    def from_target(cls, target):
        def loss(p):
            return ((p - target) ** 2).sum()
        loss = jax.jit(loss)  # expect: ACC501
        jac = jax.jit(jax.grad(loss))  # expect: ACC501
        return cls.from_loss(loss=loss, jac=jac)

    @classmethod
    def from_loss(cls, loss, jac):
        return cls(scipy.optimize.minimize(loss, jac=jac, x0=np.zeros(3), options={"maxiter": 3}).x)

def fit_all(targets):
    for t in targets:
        Dist.from_target(t)
""",
    "a jitted lambda handed to scipy's minimize in a function the loop runs": """
def fit(target):
    loss = jax.jit(lambda p: ((p - target) ** 2).sum())  # expect: ACC501
    return scipy.optimize.minimize(loss, np.zeros(3), options={"maxiter": 3})

def fit_all(targets):
    for t in targets:
        fit(t)
""",
    "a jitted local function handed positionally to a module function that calls it": """
def apply_twice(f, x):
    return f(f(x))

def step(x, k):
    @jax.jit
    def scaled(v):
        return v * k
    return apply_twice(scaled, x)  # expect: ACC501

def run(x, ks):
    for k in ks:
        x = step(x, k)
""",
    "look-alike: a module-level jitted loss handed to minimize on every pass": """
@jax.jit
def sq_loss(p):
    return (p ** 2).sum()

def fit_all(n):
    for i in range(n):
        scipy.optimize.minimize(sq_loss, np.ones(3) * i, options={"maxiter": 3})
""",
    # levanter's datasets: the base class's `__init__` keeps the function for the object's
    # batches, each dataset's own closure compiled once and reused (one per configuration).
    "look-alike: a jitted closure handed to the base class's __init__ of a dataset made per source": """
class Mapped:
    def __init__(self, source, fn):
        self.source, self.fn = source, fn

class Causal(Mapped):
    def __init__(self, source, size):
        @jax.jit
        def make_example(tokens):
            return tokens[:size] * 2

        super().__init__(source, make_example)

def build(caches):
    return {name: Causal(cache, 8) for name, cache in caches.items()}
""",
    # keras-cv's predict_utils: the loop runs inside a function tf.function wraps (a `tf.range`
    # loop, converted: its body runs once, while tracing), so the step's tf.function is made once.
    "look-alike: the loop that calls the step is in a function tf.function wraps": """
def make_predict_function(model, run_eagerly):
    def step_function(iterator):
        def run_step(data):
            return model(data)

        run_step = tf.function(run_step, jit_compile=True)
        return model.distribute_strategy.run(run_step, args=(next(iterator),))

    def predict_function(iterator):
        outputs = step_function(iterator)
        for _ in tf.range(model.steps - 1):
            outputs = step_function(iterator)
        return outputs

    if not run_eagerly:
        predict_function = tf.function(predict_function, reduce_retracing=True)
    return predict_function
""",
    # tensorflow-gnn's stage models: `setattr` keeps each model's serving function for export.
    "look-alike: a tf.function per stage model, set on the model with setattr": """
def create_stage_model(layer):
    model = tf.keras.Sequential([layer])

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def serving(x):
        return model(x)

    setattr(model, "serving", serving)
    return model

def convert(layers):
    return {name: create_stage_model(layer) for name, layer in layers.items()}
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_compiled_callable_handed_to_a_call_that_runs_it(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    # ergo's call hands on two compiled callables made anew (the loss and its jitted gradient:
    # 12 compiles in 6 passes), each a finding at that call
    assert sorted(set(found)) == expected
