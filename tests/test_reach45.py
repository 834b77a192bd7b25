"""The reach stop 45 added for the wrappers set's new misses (benchmarks/wrappers_set.tsv,
chosen = stop45): each property in one sentence, three other spellings, and a look-alike that
is fine."""

import pytest

from labelled import assert_labels_match

# A callable handed to a tf.distribute strategy's `run` (or its old name `experimental_run_v2`)
# runs there and then, once per replica: inside a traced body it runs in that trace (run:
# benchmarks/framework_runs.py `tf_strategy_run_in_function`, the print shows once in three
# calls), and outside any trace it runs eagerly, so only the trace reaches it.
STRATEGY_RUN = {
    "a_bound_method_run_in_a_function_rebound_to_its_tf_function": """
        import tensorflow as tf

        class Trainer:
            def __init__(self, strategy):
                self.strategy = strategy

            def train_step(self, batch):
                print("step", batch)  # expect: ACC401
                return batch * 2

            def loop(self, dist_ds, strategy, compiled):
                def epoch(ds):
                    for batch in ds:
                        strategy.run(self.train_step, args=(batch,))

                if compiled:
                    epoch = tf.function(epoch)
                epoch(dist_ds)
    """,
    "a_decorated_method_running_a_nested_step_on_its_strategy": """
        import tensorflow as tf

        class Learner:
            def __init__(self):
                self._strategy = tf.distribute.MirroredStrategy()

            @tf.function
            def step(self, batch):
                def replica_step(x):
                    print("replica", x)  # expect: ACC401
                    return x + 1

                return self._strategy.run(replica_step, args=(batch,))
    """,
    "the_current_strategy_running_a_module_function": """
        import tensorflow as tf

        def per_replica(x):
            print("per replica", x)  # expect: ACC401
            return x * x

        @tf.function
        def distributed(x):
            return tf.distribute.get_strategy().run(per_replica, args=(x,))
    """,
    "the_old_experimental_run_v2_spelling": """
        import tensorflow as tf

        strategy = tf.distribute.MirroredStrategy()

        def step_fn(inputs):
            print("inputs", inputs)  # expect: ACC401
            return inputs

        @tf.function
        def train(inputs):
            return strategy.experimental_run_v2(step_fn, args=(inputs,))
    """,
    # fine: `run` called eagerly (no tf.function around it) runs the step eagerly
    "run_eagerly_outside_any_tf_function": """
        import tensorflow as tf

        strategy = tf.distribute.MirroredStrategy()

        def step_fn(inputs):
            print("inputs", inputs)
            return inputs

        def train(inputs):
            return strategy.run(step_fn, args=(inputs,))
    """,
}


@pytest.mark.parametrize("name", sorted(STRATEGY_RUN))
def test_a_callable_a_strategy_runs(name):
    assert_labels_match(STRATEGY_RUN[name])
