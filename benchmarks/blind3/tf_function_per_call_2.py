# source: blind57:tf_function_per_call_2
# framework: TF
# A validator object defines its `tf.function` inside `validate`, which the training loop
# calls after every epoch: a new tf.function per epoch, traced again each time.
# verify: c.tf['val_step'] >= 8
import tensorflow as tf


class Validator:
    def __init__(self, data):
        self.data = data

    def validate(self, model):
        @tf.function
        def val_step(x, y):  # label[a]
            return tf.reduce_mean((model(x) - y) ** 2)

        return float(val_step(*self.data))  # label[a]: ACC5


class TinyModel(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(tf.ones([2, 1]))

    def __call__(self, x):
        return x @ self.w


def fit(model, validator, epochs=10):
    history = []
    for epoch in range(epochs):
        model.w.assign_sub(0.01 * tf.ones([2, 1]))
        history.append(validator.validate(model))  # label[a]
    return history


history = fit(TinyModel(), Validator((tf.ones([4, 2]), tf.zeros([4, 1]))))
