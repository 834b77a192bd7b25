# source: https://github.com/scope-ml/scope-ml/pull/187
# framework: TF
# label: none
# "Replace model.predict in inference loop to avoid memory leak": the inference loop over feature
# files called `model.predict(features)` and froze mid-inference (the leak of keras#13118); the
# fix calls `model(features, training=False)`, which "replicates the output of the original code
# with negligible difference in speed". Reduced to a small dense classifier and a loop over
# feature arrays of one shape, both spellings kept. On TF 2.21 / Keras 3.15 neither retraces per
# file (predict's step is traced once, the direct call runs eagerly) and both give the same scores.
# verify: c.tf['one_step_on_data_distributed'] <= 2 and close(c.by_predict, c.by_call) and close(c.by_call, e.by_call)
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential(
    [tf.keras.Input((20,)), tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(1, activation="sigmoid")]
)
feature_files = [np.random.rand(50, 20).astype("float32") for _ in range(6)]
by_predict, by_call = [], []
for features in feature_files:
    by_predict.append(model.predict(features, verbose=0))
    by_call.append(model(features, training=False).numpy())
print(len(by_predict))
