"""An attribute `__init__` binds from its parameter holds what the module's own constructions pass
(acclint.analysis.objects).

Property: `self.log = log` in `__init__` holds an instance of the class every construction the
module-level code makes passes for `log` (bound to a name, or nested in a call or a `__main__`
block: `fit(Learner(MetricLog()))`), so a traced method's `self.log.record("err", err)` runs
`MetricLog.record` in the trace. From benchmarks/blind3's dev miss tf_function_numpy_log_1
(`.numpy()` in a collaborator's method, called from a `tf.function` method, raises).
"""

import pytest

from labelled import assert_labels_match

PRELUDE = """
import tensorflow as tf


class MetricLog:
    def __init__(self):
        self.rows = {}

    def record(self, key, value):
        self.rows[key] = "%.4f" % value.numpy()  # expect: ACC303


class Learner:
    def __init__(self, log):
        self.kernel = tf.Variable(tf.ones([2, 1]))
        self.log = log

    @tf.function
    def update(self, x, y):
        err = tf.reduce_sum(tf.abs(tf.matmul(x, self.kernel) - y))
        self.log.record("err", err)
        return err


def fit(learner, steps=3):
    for _ in range(steps):
        learner.update(tf.ones([2, 2]), tf.zeros([2, 1]))
"""

CONSTRUCTED = {
    "nested in a module-level call": """
fit(Learner(MetricLog()))
""",
    "by keyword, nested in a module-level assignment's call": """
result = fit(Learner(log=MetricLog()), steps=2)
""",
    "under the main guard": """
if __name__ == "__main__":
    fit(Learner(MetricLog()))
""",
}


@pytest.mark.parametrize("body", list(CONSTRUCTED.values()), ids=list(CONSTRUCTED))
def test_a_collaborator_the_module_constructs_runs_in_the_trace(body):
    assert_labels_match(PRELUDE + body)


def test_a_collaborator_of_two_classes_says_nothing():
    """Look-alike: the module constructs the learner with two kinds of log; which one a trace
    runs is not one class, and the conversion is not reported from this reach."""
    source = (PRELUDE + """
class QuietLog:
    def record(self, key, value):
        return None


fit(Learner(MetricLog()))
fit(Learner(QuietLog()))
""").replace("  # expect: ACC303", "")
    assert_labels_match(source)
