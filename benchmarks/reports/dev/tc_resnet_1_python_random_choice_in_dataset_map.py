# source: https://github.com/hyperconnect/TC-ResNet/pull/1
# framework: TF
# "Replace python random.choice with tf operations": "Python `random.choice` will be evaluated
# only once." The background noise mixed into every audio example is chosen by `random.choice`
# in the function `Dataset.map` traces, so all examples get the same background; the PR's
# `tf.case` on a `tf.random.uniform` index picks anew per element. The PR's reproduction in
# TF2 form (iterating the dataset instead of a one-shot iterator and session; TF2's `tf.case`
# takes the predicate-function pairs as a list).
# verify: len(set(c.python_random_choice_output)) == 1 and len(set(c.tf_case_output)) > 1
import random

import tensorflow as tf

tf.random.set_seed(0)
num_audios = 10
audio_dataset = tf.data.Dataset.from_tensor_slices([0]).repeat(num_audios)
background_data = [tf.constant(data) for data in range(6)]

python_random_choice_dataset = audio_dataset.map(
    lambda audio: audio + random.choice(background_data))  # label: ACC1
python_random_choice_output = [int(v) for v in python_random_choice_dataset]


def tf_case_mix_background(audio):
    random_index = tf.random.uniform([], maxval=len(background_data), dtype=tf.int32)
    background_wav = tf.case([
        (tf.equal(index, random_index), lambda tensor=data: tensor)
        for index, data in enumerate(background_data)
    ], exclusive=True)
    return audio + background_wav


tf_case_dataset = audio_dataset.map(tf_case_mix_background)
tf_case_output = [int(v) for v in tf_case_dataset]
print(python_random_choice_output, tf_case_output)
