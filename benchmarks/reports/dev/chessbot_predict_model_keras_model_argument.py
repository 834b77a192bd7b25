# source: https://github.com/tomaz-piko/ChessBot/blob/HEAD/main/funcs.py
# framework: TF
# Label: fine look-alike. `predict_model(model, image)` is a tf.function that takes the Keras
# model as an argument and returns the value head's scalar and the policy logits. The model is
# a Python object in the cache key; called with one model, it traces once for every position.
# The repository's model is a large network loaded from disk; a two-headed stand-in with the
# same call (`predictions[0][0]`, `predictions[1][0]`) takes its place, and a loop over
# positions stands in for the engine's search (the caller is not stored). `predict_fn` (the
# TensorRT path) is kept but not called.
# label: none
# verify: c.tf['predict_model'] == 1
import numpy as np
import tensorflow as tf


@tf.function
def predict_fn(trt_func, image):
    image = tf.expand_dims(image, axis=0)
    image = tf.convert_to_tensor(image, dtype=tf.float32)
    predictions = trt_func(image)
    policy_logits = predictions["policy_head"][0]
    value = predictions["value_head"][0][0]
    return value, policy_logits

@tf.function
def predict_model(model, image):
    image = tf.expand_dims(image, axis=0)
    image = tf.convert_to_tensor(image, dtype=tf.float32)
    predictions = model(image)
    value = predictions[0][0]
    policy_logits = predictions[1][0]
    return value, policy_logits


inputs = tf.keras.Input((8, 8, 12))
flat = tf.keras.layers.Flatten()(inputs)
model = tf.keras.Model(inputs, [tf.keras.layers.Dense(1, activation="tanh")(flat),
                                tf.keras.layers.Dense(64)(flat)])
for position in range(6):
    image = np.random.rand(8, 8, 12).astype("float32")
    value, policy_logits = predict_model(model, image)
    print(value.numpy(), int(tf.argmax(policy_logits)))
