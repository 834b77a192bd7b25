# source: https://ahjavid.github.io/technical-notes-blog/posts/tensorflow-retracing-optimization
# framework: TF
# "TensorFlow Performance: Eliminating Retracing Issues", Test 2 ("Input Signature
# Specification"): `@tf.function def predict_no_signature(X): return model(X, training=False)` -
# "Each different shape triggers retrace" - against `input_signature`/`reduce_retracing`. The
# post's function on a small Keras model, called on batches whose size changes from call to call,
# as a trading model's varying number of instruments gives it: one trace per batch size.
# verify: c.tf['predict_no_signature'] >= 8 and close(c.preds, e.preds)
import numpy as np
import keras
import tensorflow as tf

keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])


@tf.function
def predict_no_signature(X):
    return model(X, training=False)


preds = []
for n in range(1, 11):
    X = np.random.rand(n, 6).astype("float32")
    preds.append(predict_no_signature(X).numpy())  # label: ACC5
print([p.shape for p in preds])
