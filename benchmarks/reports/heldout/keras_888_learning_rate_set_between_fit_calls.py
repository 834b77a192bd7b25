# source: https://github.com/keras-team/keras/issues/888
# framework: TF
# label: none
# "Changing Learning Rate & Momentum During Training?": the user trains one epoch at a time in a
# loop and, after epoch 5, sets `optimizer.lr.set_value(0.02)` before the next `fit`, worried that
# "with a compiled model that lr would be froze somewhere"; the answer: the learning rate is a
# shared variable, "if you change it, the compiled model will use the new value". Keras 3 (TF
# backend): the learning rate is a variable the traced train step reads, so assigning it between
# `fit` calls takes effect. The user's loop on a small regression model, the losses compared with
# the eager twin's.
# verify: close(c.losses, e.losses)
import numpy as np
import keras

keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
optimizer = keras.optimizers.SGD(learning_rate=0.01, momentum=0.9)
model.compile(optimizer=optimizer, loss="mse")
x = np.random.rand(32, 4).astype("float32")
y = np.random.rand(32, 1).astype("float32")

losses = []
for iteration in range(0, 8):
    if iteration > 5:
        optimizer.learning_rate = 0.02
    history = model.fit(x, y, epochs=1, batch_size=32, shuffle=False, verbose=0)
    losses.append(history.history["loss"][0])
print(losses)
