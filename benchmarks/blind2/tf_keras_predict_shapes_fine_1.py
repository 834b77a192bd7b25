# source: blind56:tf_keras_predict_shapes_fine_1
# framework: TF
# label: none
# An inference helper calls Keras `predict` on request batches of many different sizes. Keras
# 3 builds its predict function with reduce_retracing, so the sizes do not each cost a trace.
# verify: sum(c.tf.values()) <= 4
import keras
import numpy as np


def build(cfg):
    model = keras.Sequential([keras.Input((cfg["features"],)), keras.layers.Dense(8),
                              keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    return model


def serve(model, requests):
    return [model.predict(r, verbose=0, batch_size=len(r)) for r in requests]


cfg = {"features": 3}
model = build(cfg)
requests = [np.ones((n, cfg["features"]), np.float32) for n in range(1, 11)]
outputs = serve(model, requests)
