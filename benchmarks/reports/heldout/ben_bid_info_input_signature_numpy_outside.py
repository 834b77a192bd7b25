# source: https://github.com/lorserker/ben/blob/HEAD/src/nn/bid_info_tf2.py
# framework: TF
# Label: fine look-alike. A bridge engine's bid-information model: the tf.function method has an
# input_signature with unknown sizes, so every batch and sequence length reuses one trace, and
# `.numpy()` runs in the plain method after the call. The version the search excerpt showed
# (the method form; another stored version nests the same tf.function in `init_model`). The
# model is loaded from a file the repository ships; a two-output stand-in of the same call takes
# its place (float16 inputs as in the signature).
# label: none
# verify: c.tf['pred_fun_tf'] == 1
import numpy as np
import tensorflow as tf


class BidInfo:


    def __init__(self, model_path):
        self.model_path = model_path
        self.model = self.load_model()

    def load_model(self):
        inputs = tf.keras.Input((None, 8), dtype="float16")
        h = tf.keras.layers.Dense(4)(inputs)  # the layer casts its float16 input
        return tf.keras.Model(inputs, [h, tf.keras.layers.Dense(2)(h)])


    @tf.function(input_signature=[tf.TensorSpec(shape=[None, None, None], dtype=tf.float16)])
    def pred_fun_tf(self,x):
        # Ensure that x is a tensor
        input_tensor = tf.convert_to_tensor(x, dtype=tf.float16)

        # Perform the model prediction (returns tensors)
        return self.model(input_tensor, training=False)  # Use model call instead of predict

    def pred_fun(self,x):
        out_hcp_seq, out_shape_seq = self.pred_fun_tf(x)  # Call the tf.function
        return out_hcp_seq.numpy(), out_shape_seq.numpy()  # Convert in this function


bid_info = BidInfo("models/bidding_info")
for n, length in [(1, 4), (3, 6), (2, 9)]:
    hcp, shape = bid_info.pred_fun(np.random.rand(n, length, 8).astype("float16"))
