"""An attribute `__init__` binds from its parameter holds what the module's own constructions pass
(acclint.analysis.objects).

Property: `self.logger = logger` in `__init__` holds an instance of the class every construction
the module-level code makes passes for `logger` (bound to a name, or nested in a call or a
`__main__` block: `fit(Trainer(Logger()))`), so a traced method's `self.logger.log(loss)` runs
`Logger.log` in the trace. From benchmarks/blind3's dev miss tf_function_numpy_log_1
(`.numpy()` in the collaborator's `log`, called from a `tf.function` method, raises).
"""

import pytest

from labelled import assert_labels_match

PRELUDE = """
import tensorflow as tf


class Logger:
    def __init__(self):
        self.lines = []

    def log(self, name, value):
        self.lines.append(f"{name}={value.numpy():.4f}")  # expect: ACC303


class Trainer:
    def __init__(self, logger):
        self.w = tf.Variable([[0.5], [0.5]])
        self.logger = logger

    @tf.function
    def step(self, x, y):
        loss = tf.reduce_mean((x @ self.w - y) ** 2)
        self.logger.log("loss", loss)
        return loss


def fit(trainer, steps=3):
    for _ in range(steps):
        trainer.step(tf.ones([2, 2]), tf.zeros([2, 1]))
"""

CONSTRUCTED = {
    "nested in a module-level call": """
fit(Trainer(Logger()))
""",
    "by keyword, nested in a module-level assignment's call": """
result = fit(Trainer(logger=Logger()), steps=2)
""",
    "under the main guard": """
if __name__ == "__main__":
    fit(Trainer(Logger()))
""",
}


@pytest.mark.parametrize("body", list(CONSTRUCTED.values()), ids=list(CONSTRUCTED))
def test_a_collaborator_the_module_constructs_runs_in_the_trace(body):
    assert_labels_match(PRELUDE + body)


def test_a_collaborator_of_two_classes_says_nothing():
    """Look-alike: the module constructs the trainer with two kinds of logger; which one a trace
    runs is not one class, and the conversion is not reported from this reach."""
    source = (PRELUDE + """
class QuietLogger:
    def log(self, name, value):
        return None


fit(Trainer(Logger()))
fit(Trainer(QuietLogger()))
""").replace("  # expect: ACC303", "")
    assert_labels_match(source)
