# source: https://github.com/keras-team/keras/issues/13348
# framework: TF
# "HyperParameters can be changed even after the Lambda layer is defined": the user defines
# `Lambda(lambda x: x[:, ::strides[i], :])` with a module-level index `i`, and finds that changing
# `i` afterwards changes what the layer computes. The lambda reads `strides[i]` each time it runs;
# `predict` runs it once, when its tf.function is traced, and keeps that slice afterwards. Reduced
# (Keras 3, TF backend; the user's Keras 2.2.4 printed symbolic shapes) to a model made of the
# Lambda, predicted with `i = 0`, then with `i = 1`: the second prediction still uses stride 1
# where the eager run uses stride 2.
# verify: c.y1.shape[1] == 16 and e.y1.shape[1] == 8
import numpy as np
import keras
from keras.layers import Input, Lambda

inp = Input((16, 1))
strides = [1, 2, 4]
i = 0
l2 = Lambda(lambda x: x[:, ::strides[i], :])  # label[a]: ACC6
model = keras.Model(inp, l2(inp))
x = np.ones((2, 16, 1), dtype="float32")
y0 = model.predict(x, verbose=0)
i = 1  # label[a]
y1 = model.predict(x, verbose=0)
print(y0.shape, y1.shape)
