# source: https://github.com/keras-team/keras/issues/14222
# framework: TF
# "tensor is not being converted to array": a GCN layer's `call` converts its input with
# `inputs = tf.keras.backend.eval(inp)` and loops over the adjacency matrix in NumPy; the model
# of three such layers is called directly (`y = forwardprop(args)`), and the output of the first
# layer cannot be converted when it reaches the second. Reduced to the layer and model with a
# small graph, called directly as in the issue (eager, which works on Keras 3) and then trained
# with `fit`, whose traced step cannot convert the symbolic input.
# verify: c.direct_ok and c.fit_raised and not e.fit_raised
import numpy as n
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

A = n.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]])
dic = {0: 0, 1: 1, 2: 2}
P = n.ones(3)
EP = {(i, j): 2.0 for i in range(3) for j in range(3)}


class gcnlayer(layers.Layer):
    def __init__(self, dim, A, dic):
        super(gcnlayer, self).__init__()
        self.l = layers.Dense(dim, activation="tanh")
        self.A = A
        self.units = dim
        self.dic = dic

    def call(self, inp):
        A = self.A
        dic = self.dic
        inputs = tf.keras.backend.eval(inp)  # label: ACC3
        ans = n.zeros((len(A), inputs.shape[1]))
        for i in range(len(A)):
            for j in range(len(A[0])):
                if A[i][j] == 1:
                    tmp = inputs[j] * P[dic[i]]
                    tmp = tmp / EP[(dic[i], dic[j])]
                    ans[i] += tmp
        ans = tf.convert_to_tensor(ans, dtype="float32")
        return self.l(ans)


class model(keras.Model):
    def __init__(self, A, dic):
        super().__init__()
        self.l1 = gcnlayer(8, A, dic)
        self.l2 = gcnlayer(4, A, dic)
        self.l3 = gcnlayer(2, A, dic)

    def call(self, inputs):
        y = self.l1(inputs)
        y = self.l2(y)
        return self.l3(y)


def forwardprop(args):
    inputs = args[0]
    mod = args[1]
    return mod(inputs)


M = model(A, dic)
X = n.random.RandomState(0).rand(3, 5).astype(n.float32)
args = [tf.convert_to_tensor(X), M]
y = forwardprop(args)
direct_ok = tuple(y.shape) == (3, 2)
M.compile(optimizer="sgd", loss="mse")
try:
    M.fit(X, n.zeros((3, 2), n.float32), batch_size=3, epochs=1, verbose=0)
    fit_raised = False
except Exception as error:
    fit_raised = True
print(direct_ok, fit_raised)
