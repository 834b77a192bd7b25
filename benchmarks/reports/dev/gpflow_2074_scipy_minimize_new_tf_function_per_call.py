# source: https://github.com/GPflow/GPflow/pull/2074
# framework: TF
# "Cache scipy compile graphs and re-use if args are same": "Previously, a new `tf.function`
# was created for each call to `minimize`, even if called on exactly the same loss and
# variables." `Scipy.eval_func` wraps its `_tf_eval` closure in `tf.function` on every call, so
# each `minimize` traces anew; repeated minimizations of one model (FITCvsVFE.py calls it to
# "optimize as hard as possible") retrace every time. The pre-PR `gpflow/optimizers/scipy.py`,
# reduced to the evaluation path, minimizing a quadratic ten times.
# verify: c.tf['_tf_eval'] >= 8
import numpy as np
import scipy.optimize
import tensorflow as tf


class Scipy:
    def minimize(self, closure, variables, method="L-BFGS-B", compile=True, **scipy_kwargs):
        variables = tuple(variables)
        initial_params = self.initial_parameters(variables)
        func = self.eval_func(closure, variables, compile=compile)
        return scipy.optimize.minimize(func, initial_params, jac=True, method=method, **scipy_kwargs)

    @classmethod
    def initial_parameters(cls, variables):
        return cls.pack_tensors(variables)

    @classmethod
    def eval_func(cls, closure, variables, compile=True):
        def _tf_eval(x):
            values = cls.unpack_tensors(variables, x)
            cls.assign_tensors(variables, values)
            loss, grads = _compute_loss_and_gradients(closure, variables)
            return loss, cls.pack_tensors(grads)

        if compile:
            _tf_eval = tf.function(_tf_eval)  # label[g]: ACC5

        def _eval(x):
            loss, grad = _tf_eval(tf.convert_to_tensor(x))
            return loss.numpy().astype(np.float64), grad.numpy().astype(np.float64)

        return _eval

    @staticmethod
    def pack_tensors(tensors):
        flats = [tf.reshape(tensor, (-1,)) for tensor in tensors]
        return tf.concat(flats, axis=0)

    @staticmethod
    def unpack_tensors(to_tensors, from_vector):
        s = 0
        values = []
        for target_tensor in to_tensors:
            shape = tf.shape(target_tensor)
            dtype = target_tensor.dtype
            tensor_size = tf.reduce_prod(shape)
            tensor_vector = from_vector[s : s + tensor_size]
            values.append(tf.reshape(tf.cast(tensor_vector, dtype), shape))
            s += tensor_size
        return values

    @staticmethod
    def assign_tensors(to_tensors, values):
        for target, value in zip(to_tensors, values):
            target.assign(value)


def _compute_loss_and_gradients(loss_closure, variables):
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(variables)
        loss = loss_closure()
    grads = tape.gradient(loss, variables)
    return loss, grads


w = tf.Variable(tf.ones(3, dtype=tf.float64))
target = tf.constant([1.0, -2.0, 0.5], dtype=tf.float64)


def loss_closure():
    return tf.reduce_sum((w - target) ** 2)


opt = Scipy()
for _ in range(10):
    result = opt.minimize(loss_closure, [w], options=dict(maxiter=5))  # label[g]
print(w.numpy())
