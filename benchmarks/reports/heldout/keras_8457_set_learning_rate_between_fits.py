# source: https://github.com/keras-team/keras/issues/8457
# framework: TF
# "Change lr without recompiling the model": compiling again ran out of memory, so the asker
# wants another way; the answer is to set the optimizer's learning rate in place
# (`K.set_value(model.optimizer.lr, value)`, as the LearningRateScheduler callback does). The
# learning rate is a variable the compiled train function reads on every step, so a change
# between two fits takes effect without a recompile: set to zero, the second fit leaves the
# weights as they were. Fine. Keras 3 spelling (`learning_rate.assign`); a Dense model.
# label: none
# verify: c.frozen and e.frozen
import numpy as np
import tensorflow as tf

x = np.random.rand(32, 4).astype("float32")
y = np.random.rand(32, 1).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
model.fit(x, y, epochs=1, verbose=0)

model.optimizer.learning_rate.assign(0.0)
before = model.get_weights()[0].copy()
model.fit(x, y, epochs=1, verbose=0)
frozen = bool(np.allclose(before, model.get_weights()[0]))
print(frozen)
