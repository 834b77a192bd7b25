# source: https://github.com/tensorflow/tensorflow/issues/33009
# framework: TF
# label: none
# "Memory leak": a trivially simple model (one hidden Dense layer of 32 units) and "a loop that
# calls predict() with dummy input"; on TF 2.0 memory grew without bound, not on 1.14. Kept as
# reported (20 iterations instead of an endless loop). On TF 2.21 / Keras 3.15 `predict` keeps one
# predict function for the model and its step is traced once for all calls with the same input
# shape: no trace per call, fine today.
# verify: c.tf['one_step_on_data_distributed'] <= 2 and close(c.preds, e.preds)
import numpy as np
from tensorflow.keras import Input, Model
from tensorflow.keras.layers import Dense

# Build model
In = Input(shape=(10,))
x = Dense(32)(In)
Out = Dense(2)(x)
model = Model(inputs=In, outputs=Out)
model.compile(optimizer="adam", loss="mse")

np.random.seed(0)
model.set_weights([np.random.rand(*w.shape).astype("float32") for w in model.get_weights()])
dummy = np.ones((1, 10), dtype="float32")
preds = []
for i in range(20):
    preds.append(model.predict(dummy, verbose=0))
print(preds[-1])
