# source: https://github.com/YosefLab/epitome/issues/43
# framework: TF
# `run_predictions` defines `@tf.function predict_step` on every call; the model is scored many
# times (once per region), and each call traces predict_step again ("9 out of the last 9 calls
# to <function VariationalPeakModel.run_predictions.<locals>.predict_step> triggered
# tf.function retracing"). The network is a small Dense model; tqdm is left out.
# verify: c.tf['predict_step'] >= 8
import tensorflow as tf


class VariationalPeakModel:
    def __init__(self):
        self.model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
        self.batch_size = 4

    def run_predictions(self, num_samples, iter_, calculate_metrics=True, samples=50):
        batches = int(num_samples / self.batch_size) + 1
        preds_mean = []

        @tf.function  # label[a]
        def predict_step(inputs_b):
            inputs_tiled = [tf.tile(i, (samples, 1)) for i in inputs_b]
            tmp = self.model(inputs_tiled[0])
            y_pred = tf.sigmoid(tmp)
            preds = tf.stack(tf.split(y_pred, samples, axis=0), axis=0)
            return tf.math.reduce_mean(preds, axis=0), tf.math.reduce_std(preds, axis=0)

        for f in iter_.take(batches):
            inputs_b = f[:-2]
            mean, std = predict_step(inputs_b)  # label[a]: ACC5
            preds_mean.append(mean)
        return preds_mean


model = VariationalPeakModel()
ds = tf.data.Dataset.from_tensor_slices(
    (tf.ones((8, 3)), tf.ones((8, 3)), tf.ones((8, 1)))).batch(4).map(lambda a, b, c: (a, b, c))
for region in range(10):
    model.run_predictions(8, ds)  # label[a]
