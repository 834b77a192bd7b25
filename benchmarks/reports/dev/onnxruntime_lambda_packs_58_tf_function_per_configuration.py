# source: https://github.com/ryfeus/lambda-packs/issues/58
# framework: TF
# A static checker reported `run_with_tf_optimizations`, which defines the tf.function
# `run_in_graph_mode`, as called in a loop. In onnxruntime's benchmark it wraps the forward
# function once per (batch size, sequence length) configuration, and the wrapped function is
# then called 1 + repeat times with that one input shape: one trace per configuration, each
# reused. Fine. (The Hugging Face model is an activation layer, which takes any sequence
# length; three sequence lengths, 10 repeats.)
# label: none
# verify: c.tf['run_in_graph_mode'] <= 3
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
        @tf.function(jit_compile=use_xla)
        def run_in_graph_mode(*args, **kwargs):
            return func(*args, **kwargs)

        if do_eager_mode is True:
            return run_in_eager_mode
        else:
            return run_in_graph_mode

    return run_func


model = tf.keras.layers.Activation("tanh")
repeat_times = 10
for batch_size in [1]:
    for sequence_length in [4, 8, 16]:
        rng = random.Random()
        values = [rng.random() for i in range(batch_size * sequence_length)]
        input_ids = tf.constant(values, shape=(batch_size, sequence_length), dtype=tf.float32)

        @run_with_tf_optimizations(do_eager_mode=False, use_xla=False)
        def encoder_forward():
            return model(input_ids, training=False)

        inference = encoder_forward
        inference()
        runtimes = timeit.repeat(lambda: inference(), repeat=repeat_times, number=1)
