"""A method's result in a loop is what its body returns (acclint.analysis.loop_newness).

Property: a call of a method of a module class, on an object known to be an instance of it
(made in the function, or given to every call of the function), is new on every pass only where
one of its returns computes with a parameter the call gives a new value (or the object itself is
new), and it is an array the framework keys by shape where every return is one, as a module
function's call already is. From benchmarks/blind3's dev false findings
jax_static_rate_arg_fine_2 (`curriculum.iters(e)` returns a config item and ignores `e`: one
compile) and tf_reduce_retracing_shape_fine_1 (`batches.batch(e)` returns `tf.ones([2 + e])`, a
tensor, to a `tf.function(reduce_retracing=True)`: its shape is relaxed, 2 traces).
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
@partial(jax.jit, static_argnums=1)
def keyed(v, k):
    return v * 2.0

@tf.function
def step_tf(x, lr):
    return x * lr

@tf.function(reduce_retracing=True)
def relaxed(x):
    return x * 2.0

class Curriculum:
    def __init__(self, cfg):
        self.cfg = cfg

    def iters(self, epoch):
        return self.cfg["iters"]

    def rate(self, epoch):
        return 0.1 * 0.9 ** epoch

    def width(self, epoch, fixed=4):
        return fixed

class Batches:
    def batch(self, epoch):
        return tf.ones([2 + epoch])

    def scale(self, epoch):
        return 0.5 * epoch
"""

CASES = {
    "a static argument from a method that ignores the counter: one key": """
def train(curriculum, x, epochs):
    for e in range(epochs):
        keyed(x, curriculum.iters(e))
        keyed(x, curriculum.width(e))
        n = curriculum.iters(e)
        keyed(x, n)

train(Curriculum({"iters": 5}), 1.0, 10)
""",
    "a static argument from a method that computes with the counter: a storm": """
def train(curriculum, x, epochs):
    for e in range(epochs):
        keyed(x, curriculum.rate(e))  # expect: ACC502
        lr = curriculum.rate(e)
        keyed(x, lr)  # expect: ACC502
        keyed(x, curriculum.width(e, fixed=e))  # expect: ACC502

train(Curriculum({"iters": 5}), 1.0, 10)
""",
    "an object made in the function": """
def train(x, epochs):
    curriculum = Curriculum({"iters": 5})
    for e in range(epochs):
        keyed(x, curriculum.iters(e))
        keyed(x, curriculum.rate(e))  # expect: ACC502
""",
    "a method stepping its object's state keeps its call new": """
class Stepper:
    def __init__(self):
        self.t = 0

    def rate(self, epoch):
        self.t += 1
        return 0.1 * 0.9 ** self.t


def train(x, epochs):
    sched = Stepper()
    for e in range(epochs):
        keyed(x, sched.rate(e))  # expect: ACC502
""",
    "a method of an object of unknown class keeps its call new": """
def train(sched, x, epochs):
    for e in range(epochs):
        keyed(x, sched.iters(e))  # expect: ACC502
""",
    "a tensor a method returns is keyed by shape, relaxed by reduce_retracing": """
def train(batches, epochs):
    return [relaxed(batches.batch(e)) for e in range(epochs)]

train(Batches(), 10)
""",
    "a Python number a method returns is keyed by value": """
def train(batches, x, epochs):
    for e in range(epochs):
        step_tf(x, batches.scale(e))  # expect: ACC502
        relaxed(batches.batch(e))
        step_tf(x, 0.5 * batches.batch(e))

train(Batches(), tf.ones(2), 10)
""",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_method_result_per_pass(name):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + CASES[name], "ACC5")
    assert found == expected
