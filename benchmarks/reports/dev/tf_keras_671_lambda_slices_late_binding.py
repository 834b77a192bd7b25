# source: https://github.com/keras-team/tf-keras/issues/671
# framework: TF
# label: none
# "Using Lambda layers to take different slices of a prevous layer's output causes earlier Lambda
# layers to be overwritten": two `Lambda(lambda x: x[..., start:end])` made in a list
# comprehension over `(0, 2)` and `(2, 5)`; "the output of the first Lambda is somehow overwritten
# by the output of the second". The lambdas close over the comprehension's variables, which hold
# the last pair when the model runs - Python's late binding, the same in eager execution and in the
# traced predict function. The user's model (Keras 3, TF backend), its outputs compared with the
# eager twin's: equal, so the trace adds nothing to the user's bug.
# verify: close(c.outputs, e.outputs)
import numpy as np
import keras

dividers = [0, 2, 5]
channels = dividers[-1]

i = keras.layers.Input((channels,), name='i')
o = [
    keras.layers.Lambda(lambda x: x[..., start:end], name=f'slice_{start}_{end}')(i)
    for start, end in zip(dividers[:-1], dividers[1:])
]
m = keras.Model(i, o)
x = np.arange(10, dtype="float32").reshape(2, 5)
outputs = [np.asarray(t) for t in m.predict(x, verbose=0)]
print(outputs)
