# source: blind58:acc607_tf_freeze_without_compile_4
# framework: TF
# Fine-tuning freezes the backbone layer (`trainable = False`) after a first fit, but does not
# compile again. The kept train function read the trainable variables when it was built.
# verify: not close(c.backbone_after, e.backbone_after)
import keras
import numpy as np

backbone = keras.layers.Dense(2, kernel_initializer="ones", name="backbone")
head = keras.layers.Dense(1, kernel_initializer="ones", name="head")
model = keras.Sequential([keras.Input((2,)), backbone, head])
model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
x, y = np.ones((8, 2), "float32"), np.zeros((8, 1), "float32")
model.fit(x, y, epochs=1, batch_size=8, verbose=0)


def freeze(layer):
    layer.trainable = False  # label[a]: ACC607


freeze(backbone)
model.fit(x, y, epochs=2, batch_size=8, verbose=0)  # label[a]
backbone_after = backbone.get_weights()
