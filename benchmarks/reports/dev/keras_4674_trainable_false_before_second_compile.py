# source: https://github.com/keras-team/keras/issues/4674
# framework: TF
# Label: fine look-alike. The thread reports that `trainable = False` does not freeze weights;
# the maintainer asks for a snippet, and a user posts this one: `model1` is compiled and fitted,
# then set `trainable = False` before `model2` (built on `model1`'s output) is compiled and
# fitted. The flag is set before the compile that builds `model2`'s train function, so
# `model2.fit` leaves `model1`'s weights as they were: its predictions before and after are
# equal (also on Keras 3.15). Keras 1.2's `nb_epoch=` and `print out` are written `epochs=` and
# `print(out)`; the predictions before are kept in `before`, the comparison in `unchanged`.
# label: none
# verify: c.unchanged
import numpy as np
import keras

x = keras.layers.Input(shape=(3,))
y = keras.layers.Dense(5)(x)

model1 = keras.models.Model(x, y)
model1.trainable = True
model1.compile(optimizer='rmsprop', loss='mse')

data_x = np.random.random((10, 3))
data_y = np.random.random((10, 5))

model1.fit(data_x, data_y, epochs=2)
out=model1.predict(data_x)
print(out)
before = out

model1.trainable = False
z = keras.layers.Dense(5)(model1.output)
model2 = keras.models.Model(x, z)
model2.compile(optimizer='rmsprop', loss='mse')

data_z = np.ones((10, 3))
data_w = np.ones((10, 5))

model2.fit(data_z, data_w, epochs=2)

out=model1.predict(data_x)
print(out)
unchanged = np.allclose(before, out)
