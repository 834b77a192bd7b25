# source: https://github.com/microsoft/onnxruntime/pull/27665
# framework: TF
# The transformers benchmark's `run_tensorflow` applies the `run_with_tf_optimizations`
# decorator (which wraps the forward in a new `tf.function`) inside the innermost
# `(batch_size, sequence_length)` loop, so every configuration makes new forward functions and
# traces them again (issue 14953, a static checker's report; the pull request hoists the
# forwards out of the loops and passes `input_ids` as an argument). Reduced from
# benchmark.py before the pull request: the pretrained model is a small Keras model, the
# encoder-decoder and LXMERT branches, logging and result rows are left out, and the run is a
# `-b 1 2` run over the script's default sequence lengths (14 configurations).
# verify: c.tf['run_in_graph_mode'] >= c.num_configs
import random
import timeit
from functools import wraps

import tensorflow as tf


def run_with_tf_optimizations(do_eager_mode: bool, use_xla: bool):
    def run_func(func):
        @wraps(func)
        def run_in_eager_mode(*args, **kwargs):
            return func(*args, **kwargs)

        @wraps(func)
        @tf.function(experimental_compile=use_xla)  # label[g]
        def run_in_graph_mode(*args, **kwargs):
            return func(*args, **kwargs)

        if do_eager_mode is True:
            assert use_xla is False
            return run_in_eager_mode
        else:
            return run_in_graph_mode

    return run_func


def run_tensorflow(model, vocab_size, batch_sizes, sequence_lengths, repeat_times):
    results = []
    for batch_size in batch_sizes:
        for sequence_length in sequence_lengths:
            rng = random.Random()
            values = [rng.randint(0, vocab_size - 1) for i in range(batch_size * sequence_length)]
            input_ids = tf.constant(values, shape=(batch_size, sequence_length), dtype=tf.int32)

            @run_with_tf_optimizations(do_eager_mode=False, use_xla=False)  # label[g]
            def encoder_forward():
                return model(input_ids, training=False)

            inference = encoder_forward
            inference()  # label[g]: ACC5
            runtimes = timeit.repeat(lambda: inference(), repeat=repeat_times, number=1)
            results.append((batch_size, sequence_length, min(runtimes)))
    return results


vocab_size = 100
model = tf.keras.Sequential([tf.keras.layers.Embedding(vocab_size, 8), tf.keras.layers.Dense(2)])
batch_sizes = [1, 2]
sequence_lengths = [4, 8, 16, 32, 64, 128, 256]
num_configs = len(batch_sizes) * len(sequence_lengths)
results = run_tensorflow(model, vocab_size, batch_sizes, sequence_lengths, repeat_times=3)
