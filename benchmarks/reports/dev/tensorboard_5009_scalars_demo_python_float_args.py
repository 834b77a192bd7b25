# source: https://github.com/tensorflow/tensorboard/pull/5009
# framework: TF
# "docs: update scalars demo": TensorBoard's scalars demo runs a temperature simulation for
# every combination of an initial temperature, an ambient temperature and a heat coefficient.
# Before the pull request `run_all` passed the Python floats straight to `run`, which hands the
# ambient temperature and heat coefficient on to the `@tf.function` `one_step` at every step;
# the review asks for a comment on why the merged version wraps them in `tf.constant` ("to
# prevent unwanted retracing"). Reduced to the demo before the fix (3 steps a run instead of
# 1000, the summaries written to a temporary directory with `tf.summary.write`, which needs no
# TensorBoard install, in place of `tf.summary.scalar`, and to one writer for all runs in place of a
# writer per run): every new pair of floats traces
# `one_step` again, 6 traces for 6 pairs.
# verify: c.tf['one_step'] >= 6
import tempfile

import tensorflow as tf

LOGDIR = tempfile.mkdtemp()
STEPS = 3


@tf.function
def one_step(temp, ambient_temperature, heat_coefficient, step):
    with tf.name_scope("temperature"):
        tf.summary.write("current", temp, step=step)
        ambient_difference = temp - ambient_temperature
        tf.summary.write("difference_to_ambient", ambient_difference, step=step)
    noise = 50 * tf.random.normal([])
    delta = -heat_coefficient * (ambient_difference + noise)
    tf.summary.write("delta", delta, step=step)
    temp.assign_add(delta)


def run(initial_temperature, ambient_temperature, heat_coefficient):
    tf.random.set_seed(0)
    temp = tf.Variable(initial_temperature)
    for step in tf.range(STEPS, dtype=tf.int64):
        one_step(temp, ambient_temperature, heat_coefficient, step)  # label: ACC5


def run_all(logdir, verbose=False):
    for initial_temperature in [270.0, 310.0, 350.0]:
        for ambient_temperature in [270.0, 310.0, 350.0]:
            for heat_coefficient in [0.001, 0.005]:
                run_name = "t0=%g,tA=%g,kH=%g" % (
                    initial_temperature,
                    ambient_temperature,
                    heat_coefficient,
                )
                if verbose:
                    print("--- Running: %s" % run_name)
                run(initial_temperature, ambient_temperature, heat_coefficient)


with tf.summary.create_file_writer(LOGDIR).as_default():
    run_all(LOGDIR, verbose=True)
