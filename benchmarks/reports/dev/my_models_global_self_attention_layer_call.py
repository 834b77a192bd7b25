# source: https://github.com/MoritzPlaten/my-models/blob/HEAD/transformer-tensorflow-latest/Layers/GlobalSelfAttention.py
# framework: TF
# Label: fine look-alike. A Keras transformer's self-attention block: `call` runs the attention,
# a residual `Add` and a layer norm, all Keras layers; built inside a model and run by
# `predict`, it traces once per input shape and equals an eager run. The repository's
# `BaseAttention` wraps its own `CustomMultiHeadAttention` (a file not reduced here); Keras'
# `MultiHeadAttention`, the line the author left commented out, takes its place. Seeds added.
# label: none
# verify: close(c.out1, e.out1) and close(c.out2, e.out2)
import keras
import numpy as np


class BaseAttention(keras.layers.Layer):
  def __init__(self, **kwargs):
    super().__init__()

    self.supports_masking = True

    self.mha = keras.layers.MultiHeadAttention(**kwargs)
    self.layernorm =keras.layers.LayerNormalization()
    self.add = keras.layers.Add()


class GlobalSelfAttention(BaseAttention):
  def call(self, x):
    attn_output = self.mha(
        query=x,
        value=x,
        key=x)
    x = self.add([x, attn_output])
    x = self.layernorm(x)
    return x


keras.utils.set_random_seed(0)
inputs = keras.Input((10, 16))
model = keras.Model(inputs, GlobalSelfAttention(num_heads=2, key_dim=8)(inputs))
data = np.random.rand(4, 10, 16).astype("float32")
out1 = model.predict(data, verbose=0)
out2 = model.predict(data[:2], verbose=0)
