# source: https://github.com/tensorflow/tensorflow/issues/39458
# framework: TF
# label: none
# "Keras predict is slow on first call when using variable input shape" (TF 2.2): with a
# variable input shape, the first prediction for each new shape was slow and a retracing warning
# appeared - a trace per shape. On TF 2.21 / Keras 3.15 the predict function is a tf.function
# with `reduce_retracing`: after the second shape it traces a shape-relaxed graph and reuses it.
# Reduced to a model with a variable-length input predicted on 10 lengths: 2 traces, bounded,
# and the predictions equal eager's.
# verify: c.traces <= 2 and close(c.preds, e.preds)
import numpy as np
from tensorflow import keras

keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((None, 3)), keras.layers.LSTM(4), keras.layers.Dense(1)])
preds = []
for n in range(2, 12):
    preds.append(float(model.predict(np.ones((1, n, 3), dtype="float32"), verbose=0)[0, 0]))
function = model.predict_function
traces = function.experimental_get_tracing_count() if hasattr(function, "experimental_get_tracing_count") else 0
print(traces, preds[-1])
