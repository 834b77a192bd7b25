# source: https://discuss.ai.google.dev/t/memory-leak-in-prediction-tensorflow/82886
# framework: TF
# Prediction through `@tf.function def inference(model, inputs)` with a Keras model loaded
# once; the user asks about memory not released after prediction. The model is the same object
# on every call and the inputs keep their shape: one trace, reused. Fine as far as tracing goes.
# (The model is two Dense layers; weights are not loaded; five batches.)
# label: none
# verify: c.tf['inference'] == 1
import numpy as np
import tensorflow as tf
from tensorflow.keras import Input, Sequential
from tensorflow.keras.layers import Dense

feature_count = 8
model = Sequential([Input(shape=(feature_count,)), Dense(16, activation="relu"),
                    Dense(1, activation="sigmoid")])
model.trainable = False


@tf.function
def inference(model, inputs):
    return tf.stop_gradient(model(inputs, training=False))


for _ in range(5):
    small_blocks_normal = np.random.rand(32, feature_count).astype("float32")
    predictions = inference(model, small_blocks_normal)
    labels = (predictions > 0.5).numpy().astype(int)
