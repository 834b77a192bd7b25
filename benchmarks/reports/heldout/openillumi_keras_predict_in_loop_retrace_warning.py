# source: https://openillumi.com/?p=72952
# framework: TF
# A blog post on the warning "11 out of the last 11 calls to <function
# Model.make_predict_function.<locals>.predict_function> triggered tf.function retracing" seen
# on every inference, fixed by calling `model(x)` instead of `model.predict(x)` in the loop.
# Keras 3.15 builds the predict function once per model and reuses it for inputs of one shape:
# a loop of `model.predict` on same-shaped batches traces once, and `model(x)` gives the same
# values. The post's inference loop, twelve batches.
# label: none
# verify: c.tf['one_step_on_data_distributed'] + c.tf['one_step_on_data'] <= 2 and close(c.predicted, c.called)
import numpy as np
import keras

keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
rng = np.random.RandomState(0)
batches = [rng.rand(16, 4).astype("float32") for _ in range(12)]
predicted = [model.predict(x, verbose=0) for x in batches]
called = [model(x).numpy() for x in batches]
print(len(predicted))
